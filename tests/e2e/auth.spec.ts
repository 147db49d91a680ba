import { expect, test } from '@playwright/test';
import { MEMBER_MENU, menuLabels, openSideMenu, signInAsNewUser, uniqueEmail } from './helpers';

const STRONG = 'Sturdy-pass-1';

test.describe('sign-up', () => {
  test('shows every validation message and the password requirements in order', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name must be at least 2 characters.',
      'Last name is required.',
      'Please enter a valid email address (e.g., name@example.com).',
      'Date of birth is required.',
      'You must acknowledge your tax responsibility to proceed.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    const requirements = page.getByRole('alert').filter({ hasText: 'Password Requirements' });
    await expect(requirements).toContainText('Password must be at least 8 characters long');

    // Shown once: in the requirements, not again under the field.
    await expect(page.getByText('Password must be at least 8 characters long')).toHaveCount(1);

    const password = page.getByLabel('Password');
    for (const [typed, message] of [
      ['abcdefgh', 'Password must include at least one uppercase letter'],
      ['ABCDEFGH', 'Password must include at least one lowercase letter'],
      ['Abcdefgh', 'Password must include at least one number'],
      ['Abcdefg1', 'Password must include at least one special character (e.g., !@#$%^&*)'],
    ] as const) {
      await password.fill(typed);
      await expect(requirements.getByRole('listitem').filter({ hasText: message })).toHaveText(/\(not met\)$/);
    }
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Password must include uppercase, lowercase, number, and special character.'),
    ).toBeVisible();
    await password.fill(STRONG);
    await expect(requirements).toBeHidden();
    // Nothing was created: still on the form, signed out.
    await expect(page).toHaveURL(/mode=signup/);
  });

  test('a newcomer signs up, is signed in and sees the side menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await expect(page).toHaveURL(/\/auth\?mode=signup/);
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByLabel('Email').fill(uniqueEmail('newcomer'));
    await page.getByLabel('Password').fill(STRONG);
    await page.getByLabel('Date of birth').fill('2006-04-12');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully! Welcome to the product!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await menuLabels(page)).toEqual(MEMBER_MENU);
    await expect(page.getByRole('img', { name: 'Noor Haddad' })).toHaveText('NH');
  });

  test('an already registered email is refused with the sign-in hint', async ({ page }) => {
    const { email } = await signInAsNewUser(page);
    await page.context().clearCookies();
    await page.goto('/auth?mode=signup');
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('Licate');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(STRONG);
    await page.getByLabel('Date of birth').fill('2001-01-01');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This email is already registered. Please try signing in instead.',
    );
    // Spec 1 section 8: the alert and the toast Email already registered, one of each.
    await expect(page.getByText('Email already registered', { exact: true })).toHaveCount(1);
    await expect(page.getByText('Authentication Error', { exact: true })).toHaveCount(1);
    // A second refusal replaces them rather than stacking a second alert or toast.
    const refusedAgain = page.waitForResponse((r) => r.url().includes('/api/auth/sign-up/email'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await refusedAgain;
    // Time for a stacked toast to be drawn, were there one.
    await page.waitForTimeout(500);
    await expect(page.getByText('Email already registered', { exact: true })).toHaveCount(1);
    await expect(page.getByText('Authentication Error', { exact: true })).toHaveCount(1);
    await expect(page.getByText('Signup failed', { exact: true })).toHaveCount(0);
  });
});

test.describe('sign-in and sign-out', () => {
  test('validates the sign-in form', async ({ page }) => {
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill('nope');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address (e.g., name@example.com).')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  });

  test('a refused sign-in shows the Authentication Error alert and one toast Failed to sign in', async ({ page }) => {
    const { email } = await signInAsNewUser(page);
    await page.context().clearCookies();
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Wrong-pass-9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await expect(alert).toHaveCount(1);
    await expect(page.getByText('Failed to sign in', { exact: true })).toHaveCount(1);
    // Tried again: still one alert and one toast.
    const refusedAgain = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in/email'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await refusedAgain;
    // Time for a stacked toast to be drawn, were there one.
    await page.waitForTimeout(500);
    await expect(alert).toHaveCount(1);
    await expect(page.getByText('Failed to sign in', { exact: true })).toHaveCount(1);
    await expect(page).toHaveURL(/mode=login/);
  });

  test('signs out, then back in, and the session survives a reload', async ({ page }) => {
    const { email, password } = await signInAsNewUser(page);
    await page.goto('/');
    const nav = await openSideMenu(page);
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('returns to the page that asked for sign-in, and never to another site', async ({ page }) => {
    const { email, password } = await signInAsNewUser(page);
    await page.context().clearCookies();
    await page.goto('/chat-rooms');
    await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fchat-rooms/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/chat-rooms$/);

    await page.goto('/auth?mode=login&redirect=https://evil.example/steal');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('a signed-in visitor on /auth goes to /', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/auth?mode=signup');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('signing out in one tab signs out the other open tabs', async ({ context }) => {
    const first = await context.newPage();
    await signInAsNewUser(first);
    const second = await context.newPage();
    await first.goto('/settings');
    // The second tab's live channel subscribes to its session's events over its WebSocket.
    const liveChannel = new Promise<void>((resolve) => {
      second.on('websocket', (ws) =>
        ws.on('framesent', (frame) => String(frame.payload).includes('accounts.sessionEvents') && resolve()),
      );
    });
    await second.goto('/progress');
    await expect(second.getByRole('button', { name: 'Menu' })).toBeVisible();
    await liveChannel;

    const nav = await openSideMenu(first);
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    // The top bar's Log In (the progress page, signed out, offers its own too).
    await expect(second.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});
