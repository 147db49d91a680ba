import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_USER_TEXTS, newsletterExportFileName } from '../../src/domain/admin-users';
import { NEWSLETTER_PATH } from '../../src/domain/newsletter';
import { expectNoSeriousA11yViolations, signInAsNewUser, uniqueEmail } from './helpers';

/** On a phone: /admin/users as an admin uses it, and what the members it acts on see. */
test.use({ viewport: { width: 390, height: 844 } });

/** The users table's columns, in order (spec 3 section 2). */
const USER_COLUMNS = ['Name', 'Email', 'Joined', 'Last sign-in', 'Newsletter', 'Role', 'Status', 'Actions'];

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
  test('an admin deletes a user with a reason; their open tab is signed out and they cannot sign in', async ({
    browser,
  }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Dora' });
    // Their tab listens for its session's end over the WebSocket (as auth.spec.ts's sign-out test waits for).
    const liveChannel = new Promise<void>((resolve) => {
      memberPage.on('websocket', (ws) =>
        ws.on('framesent', (frame) => String(frame.payload).includes('accounts.sessionEvents') && resolve()),
      );
    });
    await memberPage.goto('/progress');
    await expect(memberPage.getByRole('button', { name: 'Menu' })).toBeVisible();
    await liveChannel;

    const admin = await adminOnUsersPage(browser);
    await expect(admin.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
    const row = await findRow(admin, member.email);
    await expect(row).toContainText('Dora');
    await expect(row).toContainText('Not subscribed');
    await expectNoSeriousA11yViolations(admin, '/admin/users');

    await row.getByRole('button', { name: `Delete ${member.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toBeVisible();
    // The why is required: nothing is deleted without it.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await expect(row).toBeVisible();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Asked us to remove the account');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText(ADMIN_USER_TEXTS.deleted(member.email), { exact: true })).toBeVisible();
    await expect(admin.getByTestId('admin-user-row').filter({ hasText: member.email })).toHaveCount(0);

    // Their open tab is signed out at once, and the password no longer opens anything.
    await expect(memberPage.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Menu' })).toBeHidden();
    await memberPage.context().clearCookies();
    await signInThroughForm(memberPage, member.email, member.password);
    await expect(memberPage.getByRole('alert').filter({ hasText: 'Authentication Error' })).toBeVisible();
  });

  test('Make admin, Remove admin and Lift suspension each ask why, and the row follows', async ({ browser }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Gus' });
    const admin = await adminOnUsersPage(browser);
    const row = await findRow(admin, member.email);
    // By position: an open dialog hides the rest of the page from role queries.
    const roleCell = row.locator('td').nth(USER_COLUMNS.indexOf('Role'));

    await row.getByRole('button', { name: `Make ${member.email} an admin` }).click();
    const grant = admin.getByRole('dialog', { name: 'Make this user an admin?' });
    await grant.getByRole('button', { name: 'Make admin' }).click();
    await expect(grant.getByText('Please give a reason')).toBeVisible();
    await expect(roleCell).toHaveText('Member');
    await grant.getByLabel('Reason (kept in the audit log)').fill('Runs the music club');
    await grant.getByRole('button', { name: 'Make admin' }).click();
    await expect(grant).toBeHidden();
    await expect(admin.getByText('Admin role granted', { exact: true })).toBeVisible();
    await expect(roleCell).toHaveText('Admin');
    // An admin is neither deleted, suspended nor put to a ban poll: the role goes first.
    await expect(row.getByText('Remove the admin role to suspend or delete')).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${member.email}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Start a ban poll about ${member.email}` })).toHaveCount(0);

    await row.getByRole('button', { name: `Remove admin role from ${member.email}` }).click();
    const demote = admin.getByRole('dialog', { name: 'Remove the admin role?' });
    await demote.getByLabel('Reason (kept in the audit log)').fill('Left the music club');
    await demote.getByRole('button', { name: 'Remove admin' }).click();
    await expect(admin.getByText('Admin role removed', { exact: true })).toBeVisible();
    await expect(roleCell).toHaveText('Member');

    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    const suspend = admin.getByRole('dialog', { name: 'Suspend User' });
    await suspend.getByLabel('Suspend for').selectOption({ label: 'Indefinitely' });
    await suspend.getByLabel('Reason (shown to the member)').fill('Rude messages in the rooms');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(row).toContainText('Suspended indefinitely');
    // The reason is in the cell, one key press away (not only a tooltip).
    await row.getByText('Reason', { exact: true }).focus();
    await admin.keyboard.press('Enter');
    await expect(row.getByText('Rude messages in the rooms')).toBeVisible();

    await row.getByRole('button', { name: `Lift the suspension of ${member.email}` }).click();
    const lift = admin.getByRole('dialog', { name: 'Lift the suspension?' });
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await expect(lift.getByText('Please give a reason')).toBeVisible();
    await lift.getByLabel('Reason (kept in the audit log)').fill('Apologised to the room');
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await expect(admin.getByText('Suspension lifted', { exact: true })).toBeVisible();
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: `Suspend ${member.email}` })).toBeVisible();
  });

  test('with the live channel down, Suspend and Lift suspension still update the row', async ({ browser }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Kit' });
    const admin = await newPage(browser);
    // No WebSocket at all (a school network that blocks it): only the mutations' own answers can move the row.
    await admin.routeWebSocket(/\/api\/trpc/, (ws) => ws.close());
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
    await admin.goto('/admin/users');
    const row = await findRow(admin, member.email);

    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    const suspend = admin.getByRole('dialog', { name: 'Suspend User' });
    await suspend.getByLabel('Reason (shown to the member)').fill('Spam');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(admin.getByText('User suspended', { exact: true })).toBeVisible();
    await expect(row).toContainText('Suspended until');

    await row.getByRole('button', { name: `Lift the suspension of ${member.email}` }).click();
    const lift = admin.getByRole('dialog', { name: 'Lift the suspension?' });
    await lift.getByLabel('Reason (kept in the audit log)').fill('Sent by mistake');
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await expect(row.locator('td').nth(USER_COLUMNS.indexOf('Status'))).toHaveText('Active');
  });

  test('/admin/users and its dialogs fit a 390 px phone in dark mode and pass axe', async ({ browser }) => {
    const memberPage = await newPage(browser);
    const member = await signInAsNewUser(memberPage, { firstName: 'Lia' });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const admin = await context.newPage();
    await admin.goto('/');
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada' });
    await admin.goto('/admin/users');
    await expect(admin.locator('html')).toHaveClass(/dark/);
    const row = await findRow(admin, member.email);
    // The table scrolls inside its own region; the page itself never scrolls sideways.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, '/admin/users, dark, 390 px');

    await row.getByRole('button', { name: `Delete ${member.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete User' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, 'Delete User dialog, dark, 390 px');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Start a ban poll about ${member.email}` }).click();
    await expect(admin.getByRole('dialog', { name: 'Start a ban poll' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'ban poll dialog, dark, 390 px');
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
