import { expect, test } from '@playwright/test';
import {
  addressOf,
  ADMIN_MENU,
  expectNoSeriousA11yViolations,
  MEMBER_MENU,
  menuLabels,
  openSideMenu,
  scriptHolding,
  signInAsNewUser,
} from './helpers';

test.describe('side menu and roles', () => {
  test('a member sees the member entries, no admin banner and no Admin Dashboard', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/');
    expect(await menuLabels(page)).toEqual(MEMBER_MENU);
    await expect(page.getByText('ADMIN MODE')).toBeHidden();
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('an admin sees the red ADMIN MODE banner, the Admin Dashboard entry and no Feedback or Polls', async ({
    page,
  }) => {
    await signInAsNewUser(page, { admin: true });
    await page.goto('/settings');
    await expect(page.getByTestId('admin-banner')).toHaveText('ADMIN MODE');
    await expect(page.getByTestId('admin-banner')).toHaveCSS('background-color', 'rgb(220, 38, 38)');
    expect(await menuLabels(page)).toEqual(ADMIN_MENU);
    await expect(page.getByTestId('admin-mark')).toBeVisible();
    // The avatar shows the gold admin badge.
    await expect(page.getByRole('banner').getByLabel('Admin', { exact: true })).toBeVisible();
  });

  test('an admin landing on / goes to the dashboard, unless they came via the brand button', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.getByRole('button', { name: 'SkillNest home' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();
  });

  test('menu entries have tooltips and lead to their pages', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/');
    const nav = await openSideMenu(page);
    await nav.getByRole('link', { name: 'Progress & Quests' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Progress & Quests' })).toBeVisible();
    await nav.getByRole('link', { name: 'Progress & Quests' }).click();
    await expect(page).toHaveURL(/\/progress$/);
    await expect(page.getByRole('heading', { name: 'Player Progress' })).toBeVisible();
  });

  test('the open state is remembered, and the menu is always closed below 768 px', async ({ page }) => {
    // From a laptop's width down to a phone's, whatever the project's size.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsNewUser(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Side menu' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sidebar-open'))).toBe('true');
    await page.reload();
    await expect(nav).toBeVisible();

    await page.setViewportSize({ width: 600, height: 800 });
    await page.reload();
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    // A tap outside closes it on narrow screens.
    await page.mouse.click(100, 400);
    await expect(nav).toBeHidden();
  });
});

test.describe('pages', () => {
  test('an unknown path shows the 404 page with the attempted path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Discover Services' }).click();
    await expect(page).toHaveURL(/\/discover-services$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('every route of the route table is mounted', async ({ page }) => {
    // Forty routes, several doing real work on load (payouts setup creates an account): a longer budget.
    test.setTimeout(90_000);
    await signInAsNewUser(page, { admin: true });
    const paths = [
      '/services',
      '/services/42',
      '/discover-services',
      '/category/abc',
      '/offer-skills',
      '/how-to-start',
      '/how-to-hire',
      '/success-stories',
      '/safety-guidelines',
      '/terms-of-service',
      '/privacy-policy',
      '/help/tax-faq',
      '/my-profile',
      '/profile/abc',
      '/edit-profile',
      '/create-service',
      '/my-services',
      '/requests',
      '/requests/category/abc',
      '/request-service',
      '/conversations',
      '/feedback',
      '/polls',
      '/admin-dashboard',
      '/admin/users',
      '/admin-services',
      '/admin-feedback',
      '/progress',
      '/settings',
      '/stripe-test',
      '/stripe-test-suite',
      '/connect-onboarding',
      '/payouts-setup',
      '/conversations/1',
      '/chat/1',
      '/chat-rooms',
      '/chat-rooms/1',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Page Not Found'), path).toBeHidden();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    // Edit pages for an unknown id say so and go back to My Services.
    await page.goto('/edit-service/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/my-services$/);
    await page.goto('/create-service');
    await page.getByRole('link', { name: 'Offer a Service' }).click();
    await expect(page).toHaveURL(/\/offer-skills$/);
  });

  test('the theme is remembered across a reload, with the switching overlay', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    // The overlay lasts ~150 ms, shorter than an assertion's polling: record it as it appears instead.
    await page.evaluate(() => {
      const w = window as unknown as { sawOverlay: boolean };
      w.sawOverlay = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Switching to Dark Mode')) w.sawOverlay = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { sawOverlay: boolean }).sawOverlay)).toBe(true);
    await expect(page.getByText('Switching to Dark Mode')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the keyboard’s first stop skips the bar: Enter goes to the page’s content, the next Tab into it', async ({
    page,
  }) => {
    await page.goto('/discover-services');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });

  test('a theme press before the page has come alive is kept: the page turns dark once it has', async ({ page }) => {
    // The landing page's last part arrives late, as on a school network: the app waits for it before taking over.
    await page.route(addressOf(scriptHolding('features/site/landing-providers.tsx')), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // Not the load event: the page names that part's script in its head, so `load` waits for it too.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  test('signing in keeps a saved dark theme; signing out forces light', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    const { email, password } = await signInAsNewUser(page);
    await page.context().clearCookies();
    await page.goto('/auth?mode=login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const nav = await openSideMenu(page);
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('the auth and landing pages have no serious accessibility violations', async ({ page }) => {
    // Four axe scans: slow on a loaded two-core machine, so a longer budget than one journey.
    test.setTimeout(90_000);
    for (const path of ['/', '/auth?mode=signup', '/auth?mode=login', '/nowhere']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
  });

  test('signed-in pages have no serious accessibility violations', async ({ page }) => {
    // Many pages, each scanned by axe: slow on a loaded two-core machine, so a longer budget than one journey.
    test.setTimeout(90_000);
    await signInAsNewUser(page);
    for (const path of [
      '/my-profile',
      '/settings',
      '/discover-services',
      '/offer-skills',
      '/request-service',
      '/requests',
      '/my-services',
      '/conversations',
      '/reviews',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
  });

  test('the built app runs under the Content-Security-Policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInAsNewUser(page);
    await page.goto('/settings');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a page whose code vanished with a new deploy reloads once and opens', async ({ page }) => {
    let refused = 0;
    await page.route(/\/assets\/reviews-page-[^/]+\.js$/, (route) =>
      refused++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
    );
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Latest Reviews' })).toBeVisible();
    expect(refused).toBe(2);
  });

  test('a page that keeps failing shows the error inside the shell, with Try Again', async ({ page }) => {
    await page.route(/\/assets\/reviews-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    // As after the one reload: this time the failure is shown.
    await page.evaluate(() => sessionStorage.setItem('reloaded-for-chunk', '/reviews'));
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'SkillNest home' })).toBeVisible();
  });

  test('each page names the browser tab after its heading', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('SkillNest: the student skills marketplace');
    await page.goto('/discover-services');
    await expect(page).toHaveTitle('Discover Services · SkillNest');
    await page.goto('/nowhere');
    await expect(page).toHaveTitle('Page Not Found · SkillNest');
  });

  test('a visitor subscribes to the newsletter from the footer, once', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter' });
    const email = form.getByLabel('Subscribe to our newsletter');
    await email.fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    const address = `Reader${Date.now()}@Example.com`;
    await email.fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Successfully subscribed to our newsletter!')).toBeVisible();
    await expect(email).toHaveValue('');
    await email.fill(address.toUpperCase());
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('This email is already subscribed to our newsletter')).toBeVisible();
    await expect(email).toHaveValue(address.toUpperCase());
  });

  test('share buttons copy the text for Facebook and open the networks', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      const w = window as unknown as { opened: string[] };
      w.opened = [];
      window.open = (url) => {
        w.opened.push(String(url));
        return null;
      };
    });
    await page.goto('/');
    const share = page.getByRole('group', { name: 'Share SkillNest' });
    await share.getByRole('button', { name: 'Facebook' }).click();
    await expect(page.getByText('Text copied: paste it into your post')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('SkillNest');
    await share.getByRole('button', { name: 'X', exact: true }).click();
    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(opened[0]).toBe('https://www.facebook.com/');
    expect(opened[1]).toMatch(/^https:\/\/x\.com\/intent\/post\?text=.+&url=http%3A%2F%2Flocalhost/);
  });

  test('the footer’s information pages open with their content and pass accessibility checks', async ({ page }) => {
    test.setTimeout(90_000);
    const pages: [string, string, string][] = [
      ['How to Start', 'How to Start', 'Set up payouts'],
      ['How to Hire', 'How to Hire', 'open a dispute within 30 days'],
      ['Success Stories', 'Success Stories', '10,000+'],
      ['Safety Guidelines', 'Safety Guidelines', 'reviewed within 24 hours'],
      ['Terms of Service', 'Terms of Service', 'keeps a 10% fee'],
      ['Privacy Policy', 'Privacy Policy', 'we never see or store your card number'],
      ['Tax FAQ', 'Tax FAQ', 'not tax advice'],
    ];
    await page.goto('/');
    for (const [link, heading, text] of pages) {
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expectNoSeriousA11yViolations(page, heading);
    }
    await expect(page).toHaveURL(/\/help\/tax-faq$/);
    await page.goto('/safety-guidelines');
    await expect(page.getByText('Last updated: May 2025')).toBeVisible();
    await expect(page.getByText('Reply within 48 hours')).toBeVisible();
    await page.goto('/how-to-start');
    await page.getByRole('link', { name: 'Offer a Service' }).last().click();
    await expect(page).toHaveURL(/\/auth/);
  });
});
