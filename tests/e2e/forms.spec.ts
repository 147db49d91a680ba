import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

const RULES = [
  'Password must be at least 8 characters long',
  'Password must include at least one uppercase letter',
  'Password must include at least one lowercase letter',
  'Password must include at least one number',
  'Password must include at least one special character (e.g., !@#$%^&*)',
];

/** Each rule of the Password Requirements list as the page states it: met or not met. */
async function ruleStates(page: Page) {
  const items = page.locator('#sign-up-password-requirements').getByRole('listitem');
  await expect(items).toHaveCount(RULES.length);
  return items.evaluateAll((lis) => lis.map((li) => (li.textContent ?? '').endsWith('(met)')));
}

async function pngBytes(color: string) {
  return sharp({ create: { width: 240, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe('password fields', () => {
  test('while a weak password is typed, each requirement shows whether it is met', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    // Nothing typed, nothing sent: no requirements yet.
    await expect(page.getByText('Password Requirements')).toBeHidden();

    const password = page.getByLabel('Password');
    await password.pressSequentially('abc');
    await expect(page.getByText('Password Requirements')).toBeVisible();
    await expect(page.locator('#sign-up-password-requirements').getByRole('listitem')).toHaveText(
      RULES.map((rule) => new RegExp(`^${rule.replace(/[()^$*.!]/g, '\\$&')}`)),
    );
    expect(await ruleStates(page)).toEqual([false, false, true, false, false]);
    await password.pressSequentially('DEF1');
    expect(await ruleStates(page)).toEqual([false, true, true, true, false]);
    await password.pressSequentially('-x');
    expect(await ruleStates(page)).toEqual([true, true, true, true, true]);
    // Typing is not failing: no alert until the form is sent.
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Sent weak, the requirements become the alert, and the field's error is not repeated under the input.
    await password.fill('abcdefgh');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Password Requirements' });
    await expect(alert).toContainText('Password must include uppercase, lowercase, number, and special character.');
    await expect(
      page.getByText('Password must include uppercase, lowercase, number, and special character.'),
    ).toHaveCount(1);
    await password.fill('');
    await expect(alert).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long')).toHaveCount(1);
  });

  test('Show password reveals and hides the password from the keyboard', async ({ page }) => {
    await page.goto('/auth?mode=login');
    const password = page.getByLabel('Password');
    await password.fill('Secret-42!');
    await expect(password).toHaveAttribute('type', 'password');

    await password.focus();
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toBeFocused();
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Secret-42!');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toBeFocused();
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  });

  test('a wrong sign-in shows its failure once, in the Authentication Error alert', async ({ page }) => {
    const { email } = await signInAsNewUser(page);
    await page.context().clearCookies();
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Wrong-pass-9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await expect(alert).toContainText('Invalid email or password');
    await expect(page.getByText('Invalid email or password')).toHaveCount(1);
    // No toast repeating it (the spec's "Failed to sign in").
    await expect(page.getByText('Failed to sign in', { exact: true })).toHaveCount(0);
  });
});

test.describe('image drop zone', () => {
  test('names the accepted types, takes a PNG from the file chooser, previews it, refuses a wrong file', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await expect(form.getByText('JPEG, PNG, GIF or WebP, up to 5 MB')).toBeVisible();

    // A wrong type and a too big file are refused beside the field, with the spec's words, once.
    const input = form.getByLabel('Image');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByRole('alert')).toHaveText('Please select an image file');
    await expect(page.getByText('Please select an image file')).toHaveCount(1);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(form.getByRole('alert')).toHaveText('File size must be less than 5MB');

    // The keyboard reaches the picker: the focused field opens it with Enter (focus and key in one step, so a field
    // the refusal just re-rendered is the one that gets them).
    const byKeyboard = page.waitForEvent('filechooser');
    await input.press('Enter');
    await (await byKeyboard).setFiles([]);

    // A click on the zone opens it too; the chosen PNG is uploaded and previewed.
    const chooser = page.waitForEvent('filechooser');
    await form.getByText('Choose an image').click();
    await (await chooser).setFiles({ name: 'solar.png', mimeType: 'image/png', buffer: await pngBytes('#facc15') });
    const preview = form.getByRole('img', { name: 'Selected project' });
    await expect(preview).toHaveAttribute('src', /\/files\//);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByText('JPEG, PNG, GIF or WebP, up to 5 MB')).toBeVisible();

    // Dropped on the preview, another image replaces it.
    const before = await preview.getAttribute('src');
    const png = (await pngBytes('#0ea5e9')).toString('base64');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return transfer;
    }, png);
    await preview.dispatchEvent('drop', { dataTransfer });
    await expect(preview).not.toHaveAttribute('src', before!);
    await expect(preview).toHaveAttribute('src', /\/files\//);

    await form.getByRole('button', { name: 'Remove image' }).click();
    await expect(preview).toBeHidden();
    await expect(form.getByText('Choose an image')).toBeVisible();
  });
});

test.describe('on a 390 px phone in dark mode', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sign-up form with its requirements and the image drop zone pass axe', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/auth?mode=signup');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByLabel('Password').fill('abc1');
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password Requirements' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth sign-up, dark, 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await signInAsNewUser(page);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await form
      .getByLabel('Image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'portfolio drop zone, dark, 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
