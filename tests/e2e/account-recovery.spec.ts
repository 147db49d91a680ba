import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ACCOUNT_EMAILS, RECOVERY_MESSAGES } from '../../src/domain/account-recovery';
import { expectNoSeriousA11yViolations, signInAsNewUser, uniqueEmail } from './helpers';

/** The newest email with this subject to this address, as the e2e server wrote it under DATA_DIR/mail. */
async function newestMail(to: string, subject: string) {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  // The names start with the time they were written.
  for (const file of files.sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(folder, file)));
    if (mail.subject === subject && mail.to && JSON.stringify(mail.to).includes(to)) return mail;
  }
  return null;
}

test('a member who forgot the password resets it from the emailed link; every other session ends', async ({
  page,
  browser,
}) => {
  // The member stays signed in on another device.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  const { email } = await signInAsNewUser(other);
  const liveChannel = new Promise<void>((resolve) => {
    other.on('websocket', (ws) =>
      ws.on('framesent', (frame) => String(frame.payload).includes('accounts.sessionEvents') && resolve()),
    );
  });
  await other.goto('/settings');
  await expect(other.getByRole('button', { name: 'Menu' })).toBeVisible();
  await liveChannel;

  await page.goto('/auth?mode=login');
  await page.getByRole('link', { name: RECOVERY_MESSAGES.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RECOVERY_MESSAGES.resetRequested);

  const subject = ACCOUNT_EMAILS.resetPassword('').subject;
  await expect.poll(async () => (await newestMail(email, subject)) !== null, { timeout: 10_000 }).toBe(true);
  const mail = (await newestMail(email, subject))!;
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  expect(mail.headers.has('list-unsubscribe')).toBe(false);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const newPassword = 'Brand-new-pass-7!';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(RECOVERY_MESSAGES.passwordReset)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);

  // The other device is signed out at once.
  await expect(other.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Menu' })).toBeHidden();

  // The new password signs in.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

  // The link was spent.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('Yet-another-pass-8!');
  await page.getByLabel('Confirm new password').fill('Yet-another-pass-8!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(RECOVERY_MESSAGES.resetLinkInvalid)).toBeVisible();
  await otherDevice.close();
});

/** The link of the newest such email, as a path on the site. */
async function mailedPath(to: string, subject: string): Promise<string> {
  await expect.poll(async () => (await newestMail(to, subject)) !== null, { timeout: 10_000 }).toBe(true);
  const mail = (await newestMail(to, subject))!;
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w.-]+/.exec(mail.text ?? '')![0]);
  return link.pathname + link.search;
}

test('Settings: the address is verified from its link, and changes only once the new one is confirmed', async ({
  page,
}) => {
  const { email, password } = await signInAsNewUser(page);
  await page.goto('/settings');
  await expect(page.getByText('Not verified')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings email');

  // The sign-up's link verifies the address.
  await page.goto(await mailedPath(email, ACCOUNT_EMAILS.verifyEmail('').subject));
  // Opening the link confirms nothing by itself (mail scanners open links): the click does.
  await page.getByRole('button', { name: RECOVERY_MESSAGES.confirmEmail }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RECOVERY_MESSAGES.emailVerified);
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  const newEmail = uniqueEmail('moved');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Current password').fill('Not-the-pass-1');
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByText(RECOVERY_MESSAGES.wrongPassword)).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByText(RECOVERY_MESSAGES.emailChangeSent(newEmail))).toBeVisible();
  await page.reload();
  await expect(page.getByText(email, { exact: true }).first()).toBeVisible();

  await page.goto(await mailedPath(newEmail, ACCOUNT_EMAILS.confirmNewEmail('').subject));
  await page.getByRole('button', { name: RECOVERY_MESSAGES.confirmEmail }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RECOVERY_MESSAGES.emailChanged);
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByText(newEmail, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  // The notice to the old address is queued by the change's own handler: it may land a moment after the page shows it.
  await expect.poll(() => newestMail(email, ACCOUNT_EMAILS.emailChanged(newEmail).subject)).not.toBeNull();
});
