import { expect, test } from '@playwright/test';
import { FEEDBACK_MESSAGES } from '../../src/domain/feedback';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

test.describe('the audit log', () => {
  test('a member is sent to /', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeHidden();
  });

  test('an admin resolves feedback, then finds the entry under "Feedback resolved" with their name, on a phone in dark mode', async ({
    page,
    browser,
  }) => {
    // A member sends feedback.
    const title = `Audit ${tag()}`;
    await signInAsNewUser(page, { firstName: 'Mo', lastName: 'Member' });
    await page.goto('/feedback');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('General');
    await page.getByLabel('Message', { exact: true }).fill('Please keep a record of this.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.submitted).first()).toBeVisible();

    // An admin on a 390 px phone, in dark mode, resolves it.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const admin = await context.newPage();
    await admin.goto('/');
    const lastName = `Auditor${tag()}`;
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada', lastName });
    await admin.goto('/admin-feedback');
    await admin.getByRole('button', { name: `Resolve ${title}` }).click();
    await expect(admin.getByText(FEEDBACK_MESSAGES.resolved)).toBeVisible();

    // The audit log, filtered by action with the keyboard: the address keeps the filter.
    await admin.goto('/admin/audit');
    await expect(admin.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
    // The top bar marks the admin's avatar "Admin" too: the filters are read inside their form.
    const filters = admin.getByRole('form', { name: 'Audit log filters' });
    await filters.getByLabel('Action', { exact: true }).selectOption({ label: 'Feedback resolved' });
    await filters.getByLabel('Admin', { exact: true }).selectOption({ label: `Ada ${lastName}` });
    await admin.getByRole('button', { name: 'Apply' }).focus();
    await admin.keyboard.press('Enter');
    await expect(admin).toHaveURL(/[?&]action=feedback\.resolved/);

    const row = admin.getByTestId('audit-entry').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Feedback resolved');
    await expect(row).toContainText(`Ada ${lastName}`);
    await expect(admin.getByTestId('audit-entry')).toHaveCount(1);

    // The link keeps the filters after a reload; the form shows them.
    await admin.reload();
    await expect(filters.getByLabel('Action', { exact: true })).toHaveValue('feedback.resolved');
    await expect(admin.getByTestId('audit-entry').filter({ hasText: title })).toBeVisible();

    // 390 px: the page never scrolls sideways (the table scrolls in its own box); dark mode passes axe.
    await expect(admin.locator('html')).toHaveClass(/dark/);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(admin, '/admin/audit, dark, 390 px');

    // Filters matching nothing say so; From after To is refused by the form; Clear shows everything again.
    await filters.getByLabel('Subject id', { exact: true }).fill('no-such-subject');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await expect(admin.getByText('No audit entries match these filters')).toBeVisible();
    await filters.getByLabel('From', { exact: true }).fill('2025-05-02');
    await filters.getByLabel('To', { exact: true }).fill('2025-05-01');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await expect(admin.getByText('The From date must not be after the To date')).toBeVisible();
    await admin.getByRole('button', { name: 'Clear' }).click();
    await expect(admin).toHaveURL(/\/admin\/audit$/);
    await expect(filters.getByLabel('Action', { exact: true })).toHaveValue('');
    await expect(admin.getByTestId('audit-entry').filter({ hasText: title })).toBeVisible();
    await context.close();
  });
});
