import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates a user through the test-only route; the page's browser context is then signed in as them. */
export async function signInAsNewUser(
  page: Page,
  { admin = false, firstName = 'Casey', lastName = 'Student', dateOfBirth = '2000-01-01' } = {},
) {
  const email = uniqueEmail(admin ? 'admin' : 'member');
  const response = await page.request.post('/api/test/users', {
    data: { email, admin, firstName, lastName, dateOfBirth },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { userId: string; email: string; password: string };
}

export const MEMBER_MENU = [
  'My Profile',
  'Feedback',
  'Polls',
  'Messages',
  'Chat Rooms',
  'My Services and Requests',
  'Progress & Quests',
  'Settings',
];
export const ADMIN_MENU = [
  'My Profile',
  'Admin Dashboard',
  'Messages',
  'Chat Rooms',
  'My Services and Requests',
  'Progress & Quests',
  'Settings',
];

export async function openSideMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Side menu' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeVisible();
  return nav;
}

export async function menuLabels(page: Page): Promise<string[]> {
  const nav = await openSideMenu(page);
  return nav.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''));
}

/** Signs out through the side menu and waits until the page shows the signed-out top bar. */
export async function signOut(page: Page) {
  const nav = await openSideMenu(page);
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
}

const SERVICE_DESCRIPTION = 'A careful, friendly service for students and clubs.';

/** Publishes a service through the Offer a Service form, as its owner would. */
export async function offerService(
  page: Page,
  title: string,
  { price = '30', delivery = 'virtual', category = 'Design', latitude = '40.7', longitude = '-74' } = {},
) {
  await page.goto('/offer-skills');
  const form = page.getByRole('form', { name: 'Offer a Service' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill(SERVICE_DESCRIPTION);
  await form.getByLabel('Category').selectOption({ label: category });
  await form.getByLabel('Price (USD)').fill(price);
  await form.getByLabel('Delivery method').selectOption(delivery);
  if (delivery !== 'virtual') {
    await form.getByLabel('Latitude').fill(latitude);
    await form.getByLabel('Longitude').fill(longitude);
    await form.getByLabel('Radius (km)').fill('3');
  }
  await form.getByRole('button', { name: 'Offer Service' }).click();
  await expect(page).toHaveURL(/\/my-services\?tab=services$/);
}

/**
 * Publishes a service through the API, with the page's session: for journeys that need one to exist, not to test
 * the form (services.spec.ts does, through offerService). The page is not moved.
 */
export async function publishService(
  page: Page,
  title: string,
  { price = 30, category = 'Design' }: { price?: number; category?: string } = {},
) {
  const categoryId = SERVICE_CATEGORIES.find((c) => c.name === category)?.id;
  const response = await page.request.post('/api/trpc/services.create', {
    data: {
      title,
      description: SERVICE_DESCRIPTION,
      category_id: categoryId,
      price,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A chat's payment panel, open: on a phone the deal is folded into one line above the messages, which a user taps
 * to unfold (chat-layout.spec.ts tests the fold itself).
 */
export async function paymentPanel(page: Page) {
  const summary = page.getByTestId('deal-summary');
  const panel = page.getByTestId('payment-panel');
  await expect(summary.or(panel).first()).toBeVisible();
  if ((await summary.isVisible()) && (await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Closes each celebration as it appears, as a user taps it away: on a phone the card sits over the chat's buttons
 * (for journeys that are not about progression, whose own tests watch the cards).
 */
export async function tapCelebrationsAway(page: Page) {
  const celebration = page.getByTestId('celebration');
  await page.addLocatorHandler(celebration, async () => {
    await celebration.getByRole('button').click();
  });
}

/** Runs axe on the page as it is now; serious and critical violations fail the test. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // Toasts are left out: they fade in, stack (those behind are dimmed on purpose) and go, so a scan reads whichever
  // frame it catches (the daily login's toast on any first page of the day made this flaky). Their colours are the
  // theme's tokens, checked with the rest of the page.
  // A card fading in (a celebration) has the contrast of whichever frame the scan catches: let finite transitions and
  // animations end first (spinners and pulses run forever and are not waited for).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .exclude('.leaflet-container')
    .exclude('[data-sonner-toaster]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/**
 * The built script that holds a lazily loaded module (`features/services/discover-services-page.tsx`), as the server's
 * renderer knows it (dist/ssr/lazy-chunks.json): a page's module may share its chunk with pages alike, whose name
 * says nothing of it. For a test to slow that script as a school network would.
 */
export function scriptHolding(module: string): string {
  const { modules } = JSON.parse(readFileSync('dist/ssr/lazy-chunks.json', 'utf8')) as {
    modules: Record<string, string | undefined>;
  };
  const script = modules[module];
  if (!script) throw new Error(`The build has no chunk for ${module}`);
  return script;
}

/** Matches the address of `script` (a path such as /assets/parts-abc.js) on any origin. */
export function addressOf(script: string): RegExp {
  return new RegExp(`${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** A member requests a service from its card on the discover page and lands in the new chat. */
export async function requestFromDiscovery(page: Page, title: string) {
  await page.goto(`/discover-services?q=${encodeURIComponent(title)}`);
  await page.getByTestId('service-card').filter({ hasText: title }).getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('Service requested! You can now chat with the provider.')).toBeVisible();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
}

/** Pays in the open payment dialog with one of Stripe's test cards (test mode), any future expiry and any CVC. */
export async function payWith(page: Page, number = '4242 4242 4242 4242') {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('TEST MODE')).toBeVisible();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay now' }).click();
}
