import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_USER_TEXTS, newsletterExportFileName } from '../../src/domain/admin-users';
import { NEWSLETTER_PATH } from '../../src/domain/newsletter';
import { expectNoSeriousA11yViolations, signInAsNewUser, uniqueEmail } from './helpers';

/** Issue 15 items 6 and 9 on a phone: /admin/users as an admin uses it, and what the members it acts on see. */
test.use({ viewport: { width: 390, height: 844 } });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

async function adminOnUsersPage(browser: Browser) {
  const admin = await newPage(browser);
  await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { name: 'All Users & Subscribers', level: 1 })).toBeVisible();
  return admin;
}

/** The member's row, found through the search box (other tests add users meanwhile). */
async function findRow(admin: Page, email: string) {
  await admin.getByLabel('Search by name or email').fill(email);
  const row = admin.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('/admin/users', () => {
  test('an admin deletes a user, who then cannot sign in', async ({ browser }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Dora' });
    const admin = await adminOnUsersPage(browser);
    await expect(admin.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
    const row = await findRow(admin, member.email);
    await expect(row).toContainText('Dora');
    await expect(row).toContainText('Not subscribed');
    await expectNoSeriousA11yViolations(admin, '/admin/users');

    await row.getByRole('button', { name: `Delete ${member.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText(ADMIN_USER_TEXTS.deleted(member.email), { exact: true })).toBeVisible();
    await expect(admin.getByTestId('admin-user-row').filter({ hasText: member.email })).toHaveCount(0);

    // Their open tab is signed out, and the password no longer opens anything.
    await memberPage.context().clearCookies();
    await signInThroughForm(memberPage, member.email, member.password);
    await expect(memberPage.getByRole('alert').filter({ hasText: 'Authentication Error' })).toBeVisible();
  });

  test('Export All downloads a file of exactly the active emails, one per line', async ({ browser }) => {
    const admin = await adminOnUsersPage(browser);
    const subscribed = [uniqueEmail('news-a'), uniqueEmail('news-b')];
    for (const email of subscribed) {
      const response = await admin.request.post(NEWSLETTER_PATH, { data: { email } });
      expect(response.ok()).toBe(true);
    }
    await admin.reload();
    const table = admin.getByRole('region', { name: 'Newsletter-only subscriptions table' });
    await expect(table.getByRole('row').filter({ hasText: subscribed[0]! })).toContainText('Newsletter Only');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export All' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(newsletterExportFileName(new Date()));
    await expect(admin.getByText(ADMIN_USER_TEXTS.exported, { exact: true })).toBeVisible();
    const lines = readFileSync((await download.path())!, 'utf8')
      .split('\n')
      .filter(Boolean);
    for (const email of subscribed) expect(lines).toContain(email);
    // What the server holds as active right now (other tests may subscribe meanwhile: read it again after).
    const answer = await admin.request.get('/api/trpc/adminUsers.exportNewsletter');
    const current = ((await answer.json()) as { result: { data: { text: string } } }).result.data.text;
    const active = new Set(current.split('\n').filter(Boolean));
    expect(lines.filter((email) => !active.has(email))).toEqual([]);
    expect(lines).toEqual([...lines].sort());
    expect(new Set(lines).size).toBe(lines.length);
  });

  test('a suspended member sees the reason and the end date at sign-in', async ({ browser }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Sam' });
    const admin = await adminOnUsersPage(browser);
    const row = await findRow(admin, member.email);
    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Suspend User' });
    await dialog.getByLabel('Suspend for').selectOption({ label: '7 days' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByLabel('Reason (shown to the member)').fill('Spamming the chat rooms');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog).toBeHidden();
    // The row shows it live (the event carries the row).
    await expect(row).toContainText('Suspended until');
    await expect(row.getByRole('button', { name: `Lift the suspension of ${member.email}` })).toBeVisible();

    await memberPage.context().clearCookies();
    await signInThroughForm(memberPage, member.email, member.password);
    const alert = memberPage.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await expect(alert).toContainText(
      /Your account is suspended until \w+ \d+, \d{4}\. Reason: Spamming the chat rooms/,
    );
  });

  test('a new sign-up appears live', async ({ browser }) => {
    const admin = await adminOnUsersPage(browser);
    await expect(admin.getByTestId('admin-user-row').first()).toBeVisible();
    const newcomer = await newPage(browser);
    const { email } = await signInAsNewUser(newcomer, { firstName: 'Nia' });
    await expect(admin.getByTestId('admin-user-row').filter({ hasText: email })).toBeVisible();
  });
});
