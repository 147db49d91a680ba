import { expect, test, type Page } from '@playwright/test';
import { FEEDBACK_MESSAGES } from '../../src/domain/feedback';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * axe measures colours as they are painted: a toast fading in or out (the daily login's, ours) reads as low
 * contrast. The pages are checked once no toast shows.
 */
async function checkedByAxe(page: Page, label: string) {
  const noToast = () => expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 12_000 });
  await noToast();
  // Twice: a toast that was on its way when the first check passed is waited out too.
  await page.waitForTimeout(500);
  await noToast();
  await expectNoSeriousA11yViolations(page, label);
}

test.describe('the feedback centre', () => {
  test('a visitor is told to log in, with a sign-in link', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.getByText(FEEDBACK_MESSAGES.mustBeLoggedIn)).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Ffeedback/);
  });

  test('member submits → an admin answers and resolves live → the member sees Resolved with the answer, no reload', async ({
    page,
    browser,
  }) => {
    // A long title: lists cut it at 25 characters, the full title in a popup.
    const title = `Search misses my school ${tag()} when typed in capitals`;
    await signInAsNewUser(page, { firstName: 'Maya', lastName: 'Member' });
    await page.goto('/feedback');
    await expect(page.getByRole('tab', { name: 'Submit Feedback' })).toHaveAttribute('aria-selected', 'true');

    // Every field is required.
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.fillAllFields).first()).toBeVisible();

    // The admin's page is open before the feedback exists: the new item arrives live.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    await admin.goto('/admin-feedback');
    const unresolved = admin.getByRole('region', { name: 'Unresolved Feedback', exact: true });
    const resolved = admin.getByRole('region', { name: 'Resolved Feedback', exact: true });
    await expect(unresolved).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('Bug Report');
    await page
      .getByLabel('Message', { exact: true })
      .fill('Typing "LINCOLN HIGH" finds nothing; "Lincoln High" works.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.submitted).first()).toBeVisible();
    // After the 3-second success panel, the history.
    await expect(page.getByRole('tab', { name: 'My Feedback' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 6_000,
    });
    const short = `${title.slice(0, 25)}...`;
    const mine = page.getByRole('list', { name: 'My feedback' }).getByRole('listitem').filter({ hasText: short });
    await expect(mine.getByText('Pending')).toBeVisible();
    await mine.getByRole('button', { name: /show full title/ }).click();
    await expect(page.getByRole('dialog', { name: 'Full title' })).toContainText(title);
    await page.keyboard.press('Escape');

    // The admin: the item appeared without a reload; a blank answer is refused; answer; resolve.
    const row = unresolved.getByRole('row').filter({ hasText: short });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Maya Member');
    await row.getByRole('button', { name: /^Respond to/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Respond to feedback' });
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await expect(dialog.getByText(FEEDBACK_MESSAGES.enterResponse)).toBeVisible();
    await dialog.getByLabel('Response', { exact: true }).fill('Thanks! Search ignores case from today.');
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await expect(admin.getByText(FEEDBACK_MESSAGES.responded)).toBeVisible();
    await expect(row).toContainText('Thanks! Search ignores case from today.');

    // The member's open history shows the answer, still Pending (an answer does not resolve).
    await expect(mine).toContainText('Thanks! Search ignores case from today.');
    await expect(mine.getByText('Pending')).toBeVisible();

    await row.getByRole('button', { name: /^Resolve/ }).click();
    await expect(admin.getByText(FEEDBACK_MESSAGES.resolved)).toBeVisible();
    await expect(resolved.getByRole('row').filter({ hasText: short })).toBeVisible();
    await expect(unresolved.getByRole('row').filter({ hasText: short })).toHaveCount(0);
    // Resolved has no way back: no Resolve button there.
    await expect(
      resolved
        .getByRole('row')
        .filter({ hasText: short })
        .getByRole('button', { name: /^Resolve/ }),
    ).toHaveCount(0);

    await expect(mine.getByText('Resolved')).toBeVisible();
    await expect(mine).toContainText('Thanks! Search ignores case from today.');
    await adminContext.close();
  });

  test('both pages fit a 390 px phone in dark mode and pass axe', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await signInAsNewUser(page);
    await page.goto('/feedback');
    // A new user's first visit of the day: its toast comes and goes before the page is checked.
    await expect(page.getByText(/^Daily login!/)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await fitsWidth();
    await checkedByAxe(page, '/feedback submit, dark, 390 px');
    await page.getByLabel('Title', { exact: true }).fill(`A title long enough to be cut ${tag()}`);
    await page.getByLabel('Category', { exact: true }).selectOption('UI/UX');
    await page.getByLabel('Message', { exact: true }).fill('The buttons are hard to tap on my phone.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('tab', { name: 'My Feedback' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 6_000,
    });
    await expect(page.getByText('Pending').first()).toBeVisible();
    await fitsWidth();
    await checkedByAxe(page, '/feedback history, dark, 390 px');

    const adminPage = await (async () => {
      const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await adminContext.addInitScript(() => localStorage.setItem('theme', 'dark'));
      const p = await adminContext.newPage();
      await signInAsNewUser(p, { admin: true });
      return p;
    })();
    await adminPage.goto('/admin-feedback');
    await expect(adminPage.getByText(/^Daily login!/)).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Unresolved Feedback' }).getByRole('row').nth(1)).toBeVisible();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkedByAxe(adminPage, '/admin-feedback, dark, 390 px');
    // The tables collapse by keyboard.
    const toggle = adminPage.getByRole('button', { name: /Unresolved Feedback/ });
    await toggle.focus();
    await adminPage.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await context.close();
    await adminPage.context().close();
  });
});
