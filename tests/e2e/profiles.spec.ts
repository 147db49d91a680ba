import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsNewUser, signOut } from './helpers';
import { totp } from './totp';

/** Matches the HTTP call that carries one tRPC procedure (alone or in a batch), to fail it as a network would. */
function tRpcCall(procedure: string) {
  return (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-images-'));
async function imageFile(name: string, color: string) {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    await sharp({ create: { width: 300, height: 300, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return file;
}

test.describe('my profile', () => {
  test('edit in place: Cancel restores the saved values, Save keeps the new ones', async ({ page }) => {
    await signInAsNewUser(page, { firstName: 'Robin', lastName: 'Banks' });
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Changed')).toBeHidden();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Robin');

    await page.getByLabel('First name').fill('R');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('First name must be at least 2 characters.')).toBeVisible();

    await page.getByLabel('First name').fill('Robyn');
    await page.getByLabel('Bio').fill('I tutor chemistry.');
    await page.getByLabel('School').fill('Hill Valley High');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByText('I tutor chemistry.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Hill Valley High')).toBeVisible();
    // The top bar follows the new name.
    await expect(page.getByRole('banner').getByRole('img', { name: 'Robyn Banks' })).toHaveText('RB');
  });

  test('Settings → Edit Profile opens My Profile in edit mode', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test('an uploaded avatar appears on the top bar at once; a wrong file is refused', async ({ page }) => {
    await signInAsNewUser(page, { firstName: 'Ava', lastName: 'Tar' });
    await page.goto('/my-profile');
    const topBarAvatar = page.getByRole('banner').getByRole('img', { name: 'Ava Tar' });
    await expect(topBarAvatar).toHaveText('AT');

    const notImage = path.join(dir, 'notes.png');
    writeFileSync(notImage, 'plain text pretending to be a picture');
    await page
      .getByLabel('Upload avatar')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect(page.getByText('Please select a valid image file (JPG, PNG, GIF, or WEBP)')).toBeVisible();
    await page.getByLabel('Upload avatar').setInputFiles(notImage);
    await expect(page.getByText('Please select a valid image file (JPG, PNG, GIF, or WEBP)').last()).toBeVisible();

    await page.getByLabel('Upload avatar').setInputFiles(await imageFile('avatar.png', '#0ea5e9'));
    await expect(page.getByText('Avatar uploaded successfully')).toBeVisible();
    await expect(topBarAvatar).toHaveAttribute('src', /\/files\/avatars\/.+@64\.webp$/);
    await expect(page.getByRole('main').getByRole('img', { name: 'Ava Tar' })).toHaveAttribute('src', /@192\.webp$/);
  });

  test('portfolio: add with an image, draft kept across a reload, edit, delete', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await expect(form.getByRole('button', { name: 'Add Item' })).toBeDisabled();
    await form.getByLabel('Title').fill('Solar car');
    await form.getByLabel('Project URL').fill('not a link');
    await page.reload();

    // The draft reopens the form with what was typed.
    const restored = page.getByRole('form', { name: 'Add Item' });
    await expect(restored.getByLabel('Title')).toHaveValue('Solar car');
    await restored.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Please enter a valid URL (e.g., https://example.com)')).toBeVisible();
    await restored.getByLabel('Project URL').fill('https://example.com/solar');
    await restored.getByLabel('Image').setInputFiles(await imageFile('solar.png', '#facc15'));
    await expect(restored.getByRole('img', { name: 'Selected project' })).toBeVisible();
    await restored.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Portfolio item added successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Solar car' });
    await expect(card.getByRole('img', { name: 'Solar car' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Add Item' })).toBeHidden();

    await card.getByRole('button', { name: 'Edit Solar car' }).click();
    await page.getByRole('form', { name: 'Save Changes' }).getByLabel('Title').fill('Solar car v2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Portfolio item updated successfully')).toBeVisible();
    const edited = page.getByRole('article', { name: 'Solar car v2' });
    await edited.getByRole('button', { name: 'Delete Solar car v2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Portfolio item deleted successfully')).toBeVisible();
    await expect(edited).toBeHidden();
  });

  test('failures show the spec toasts, network failures included', async ({ page }) => {
    await signInAsNewUser(page);
    await page.route(tRpcCall('profiles.update'), (route) => route.abort());
    await page.route(tRpcCall('portfolio.create'), (route) => route.abort());
    await page.route('**/api/uploads/avatar', (route) => route.abort());
    await page.goto('/my-profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('School').fill('Riverside High');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to update profile', { exact: true })).toBeVisible();

    await page.getByLabel('Upload avatar').setInputFiles(await imageFile('lost.png', '#22c55e'));
    await expect(page.getByText('Failed to upload avatar', { exact: true })).toBeVisible();
    await expect(page.getByText('Error uploading avatar', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await form.getByLabel('Title').fill('Wind turbine');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Failed to add portfolio item', { exact: true })).toBeVisible();
  });

  test('signed out, My Profile says to log in', async ({ page }) => {
    await page.goto('/my-profile');
    await expect(page.getByText('You must be logged in to view this page')).toBeVisible();
  });
});

test.describe('public profile', () => {
  test('a visitor sees name, school, bio, presence and portfolio, never the email', async ({ page, browser }) => {
    const owner = await signInAsNewUser(page, { firstName: 'Quinn', lastName: 'Maker' });
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').fill('Laser cutting and 3D printing.');
    await page.getByLabel('School').fill('Maker Academy');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('form', { name: 'Add Item' }).getByLabel('Title').fill('Desk lamp');
    await page.getByRole('form', { name: 'Add Item' }).getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Portfolio item added successfully')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/profile/${owner.userId}`);
    await expect(visitor.getByRole('heading', { name: 'Quinn Maker' })).toBeVisible();
    await expect(visitor.getByText('Maker Academy')).toBeVisible();
    await expect(visitor.getByText('Laser cutting and 3D printing.')).toBeVisible();
    await expect(visitor.getByRole('article', { name: 'Desk lamp' })).toBeVisible();
    await expect(visitor.getByText(owner.email)).toBeHidden();
    await expect(visitor.getByRole('link', { name: 'Edit Profile' })).toBeHidden();
    // Presence is for signed-in users only: a visitor sees no dot, a signed-in viewer sees the owner online.
    await expect(visitor.getByRole('main').getByTestId('presence-dot')).toHaveCount(0);
    const viewer = await (await browser.newContext()).newPage();
    await signInAsNewUser(viewer);
    await viewer.goto(`/profile/${owner.userId}`);
    await expect(viewer.getByRole('main').getByTestId('presence-dot')).toHaveAttribute('data-status', 'online');

    // A change made now arrives without a reload.
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('form', { name: 'Add Item' }).getByLabel('Title').fill('Bird house');
    await page.getByRole('form', { name: 'Add Item' }).getByRole('button', { name: 'Add Item' }).click();
    await expect(visitor.getByRole('article', { name: 'Bird house' })).toBeVisible();

    // The owner sees the Edit Profile link.
    await page.goto(`/profile/${owner.userId}`);
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
  });

  test('unknown and missing ids say so', async ({ page }) => {
    await page.goto('/profile/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Provider profile not found')).toBeVisible();
    await page.goto('/profile/undefined');
    await expect(page.getByText('No provider ID specified')).toBeVisible();
  });

  test('a manual status shows on the avatar dot', async ({ page }) => {
    const user = await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByLabel('Status').selectOption('busy');
    await expect(page.getByText('Status updated')).toBeVisible();
    await page.goto(`/profile/${user.userId}`);
    await expect(page.getByRole('main').getByRole('img', { name: 'Busy' })).toBeVisible();
  });
});

test.describe('settings', () => {
  test('shows every section, the detected time zone and the Admin Account badge for admins', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    await page.goto('/settings');
    await expect(page.getByText('Admin Account')).toBeVisible();
    for (const heading of ['Account', 'Notifications', 'Appearance', 'Privacy & Security', 'Language & Region']) {
      await expect(page.getByText(heading, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email Updates' })).toBeChecked();
    await expect(page.getByText('English (US)')).toBeVisible();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.getByTestId('time-zone')).toHaveText(zone);
    await page.getByRole('switch', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('notification choices are saved to the account: the switches, a kind, quiet hours', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Email Updates' }).click();
    await page.getByRole('switch', { name: 'Quiet hours for email and push' }).click();
    await page.getByLabel('From').fill('21:30');
    await page.getByText('Choose by kind').click();
    await page.getByRole('checkbox', { name: 'Price proposals: Push' }).click();
    // Email is off for every kind while Email Updates is off.
    await expect(page.getByRole('checkbox', { name: 'New messages: Email' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Price proposals: Push' })).not.toBeChecked();
    // Saved one after another, in order: what a reload shows is the last click.
    await expect.poll(async () => (await page.reload(), await page.getByLabel('From').inputValue())).toBe('21:30');
    await expect(page.getByRole('switch', { name: 'Email Updates' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
    await page.getByText('Choose by kind').click();
    await expect(page.getByRole('checkbox', { name: 'Price proposals: Push' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Price proposals: In the app' })).toBeChecked();
  });

  test('an unsubscribe link with a wrong signature says so and changes nothing', async ({ page }) => {
    await page.goto('/unsubscribe?k=message&u=someone&s=forged');
    await expect(page.getByText('Stop emails about: New messages?')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
  });

  test('change the password, then sign in with the new one', async ({ page }) => {
    const { email, password } = await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByLabel('New password', { exact: true }).fill('weakpass');
    await dialog.getByLabel('Confirm new password').fill('weakpass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Password must include at least one uppercase letter')).toBeVisible();
    await dialog.getByLabel('New password', { exact: true }).fill('Fresh-start-42');
    await dialog.getByLabel('Confirm new password').fill('Fresh-start-42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();

    await signOut(page);
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Authentication Error' })).toBeVisible();
    await page.getByLabel('Password').fill('Fresh-start-42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
  });

  test('two-factor: enable with a QR code and a first code, then sign-in asks for a code', async ({ page }) => {
    const { email, password } = await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const secret = (await dialog.getByTestId('totp-secret').textContent())!;
    await dialog.getByLabel('6-digit code').fill(totp(secret));
    await dialog.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();

    await signOut(page);
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('delete account after typing the email', async ({ page }) => {
    const { email, password } = await signInAsNewUser(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/to confirm/).fill(email);
    await dialog.getByLabel('Password').fill(password);
    await confirm.click();
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Authentication Error' })).toBeVisible();
  });
});
