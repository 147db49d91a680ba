import { expect, test } from '@playwright/test';
import { FEEDBACK_MESSAGES } from '../../src/domain/feedback';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

// One after the other: the "5 most recent users" must not be pushed past by the other test's sign-ups.
test.describe.configure({ mode: 'serial' });

test.describe('the admin dashboard', () => {
  test('a member is sent to /', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden();
  });

  test('an admin sees a new user after Refresh and new feedback live, on a phone-wide screen', async ({
    page,
    browser,
  }) => {
    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    await signInAsNewUser(admin, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    await admin.goto('/admin-dashboard');
    await expect(admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    const tools = admin.getByRole('navigation', { name: 'Admin tools' });
    for (const [name, href] of [
      ['All Services', '/admin-services'],
      ['All Users & Subscribers', '/admin/users'],
      ['Feedback Management', '/admin-feedback'],
      ['Stripe Test Suite', '/stripe-test-suite'],
    ] as const) {
      await expect(tools.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const feedback = admin.getByRole('region', { name: 'Unresolved feedback', exact: true });
    await expect(feedback).toBeVisible();

    // A new member signs up: the dashboard is a snapshot, Refresh reads it again.
    const lastName = `Newcomer${tag()}`;
    const member = await signInAsNewUser(page, { firstName: 'Nina', lastName });
    await admin.getByRole('button', { name: 'Refresh' }).click();
    const users = admin.getByRole('region', { name: 'Recent users', exact: true });
    await expect(users.getByText(`Nina ${lastName}`)).toBeVisible();
    await expect(users.getByText(member.email)).toBeVisible();

    // Their feedback arrives in the open dashboard without a reload.
    const title = `Dash ${tag()}`;
    await page.goto('/feedback');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('General');
    await page.getByLabel('Message', { exact: true }).fill('The dashboard should see this.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.submitted).first()).toBeVisible();
    const row = feedback.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Nina ${lastName}`);
    await expect(row).toContainText('None yet');

    // 390 px: the page itself never scrolls sideways (wide tables scroll inside their own box).
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The reset asks for a conversation id, with a visible label, before it offers the confirmation.
    await admin.getByRole('button', { name: 'Reset pricing and progress' }).click();
    await expect(admin.getByText('Enter a conversation ID')).toBeVisible();
    await admin.getByLabel('Conversation ID').fill('00000000-0000-4000-8000-000000000000');
    await admin.getByRole('button', { name: 'Reset pricing and progress' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reset this conversation?' });
    await expect(dialog).toBeVisible();
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Dark mode: the theme's tokens keep every section readable (axe measures the painted colours).
    await admin.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(admin.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(admin, 'admin dashboard');
    await adminContext.close();
  });
});
