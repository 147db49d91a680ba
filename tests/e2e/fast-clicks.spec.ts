import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { offerService, payWith, publishService, requestFromDiscovery, signInAsNewUser } from './helpers';

/**
 * Pressing a button within the search box's 300 ms debounce. A school network is slow: the next page's code and
 * the server's answer arrive after the debounce would have fired, which is when the old pending search used to
 * pull the user back or unmount the card that was waiting for the answer.
 */
const SLOW_MS = 900;
const DEBOUNCE_AND_MORE_MS = SLOW_MS + 1_000;

/** Delays the page code loaded from now on (the lazily loaded next page) and, optionally, one tRPC procedure. */
async function slowNetwork(page: Page, procedure?: string) {
  const delay = () => new Promise((resolve) => setTimeout(resolve, SLOW_MS));
  await page.route('**/assets/*.js', async (route) => {
    await delay();
    await route.continue();
  });
  if (!procedure) return;
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure),
    async (route) => {
      await delay();
      await route.continue();
    },
  );
}

test.describe('a click within the search debounce', () => {
  test('a visitor pressing Request right after typing lands on sign-in and stays there', async ({ page, browser }) => {
    await signInAsNewUser(page);
    const unique = `Quickdraw${Date.now()}`;
    await publishService(page, `${unique} sketching`, { category: 'Arts' });

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/discover-services?q=${unique}`);
    const card = visitor.getByTestId('service-card').filter({ hasText: unique });
    await expect(card).toHaveCount(1);
    await slowNetwork(visitor);

    await visitor.getByLabel('Search').fill(`${unique.toLowerCase()} sketch`);
    await card.getByRole('button', { name: 'Request' }).click();
    await expect(visitor.getByText('Please sign in to request this service')).toBeVisible();
    await expect(visitor).toHaveURL(/\/auth\?mode=login&redirect=%2Fdiscover-services/);
    await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Long after the debounce would have fired, nothing has brought the visitor back to the search.
    await visitor.waitForTimeout(DEBOUNCE_AND_MORE_MS);
    await expect(visitor).toHaveURL(/\/auth\?mode=login/);
    await visitor.context().close();
  });

  test('a signed-in user pressing Request right after typing sees the toast and the chat', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page, { firstName: 'Fast', lastName: 'Provider' });
    const unique = `Swiftcut${Date.now()}`;
    const title = `${unique} video edits`;
    await publishService(page, title, { category: 'Design' });

    const client = await (await browser.newContext()).newPage();
    await signInAsNewUser(client, { firstName: 'Quick', lastName: 'Client' });
    await client.goto(`/discover-services?q=${unique}`);
    const card = client.getByTestId('service-card').filter({ hasText: unique });
    await expect(card.getByRole('button', { name: 'Request' })).toBeVisible();
    await slowNetwork(client, 'conversations.request');

    await client.getByLabel('Search').fill(`${unique.toLowerCase()} video`);
    await card.getByRole('button', { name: 'Request' }).click();
    await expect(client.getByText('Service requested! You can now chat with the provider.')).toBeVisible();
    await expect(client).toHaveURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    await expect(client.getByText(title).first()).toBeVisible();
    await client.waitForTimeout(DEBOUNCE_AND_MORE_MS);
    await expect(client).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await client.context().close();
  });

  test('a visitor pressing Send offer right after typing on /requests lands on sign-in and stays there', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page);
    const unique = `Hurry${Date.now()}`;
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Submit Request' });
    await form.getByLabel('Title').fill(`${unique} essay review`);
    await form.getByLabel('Description').fill('Please read my essay before Friday.');
    await form.getByLabel('Category').selectOption({ label: 'Writing' });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Request Submitted Successfully')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/requests?q=${unique}`);
    const card = visitor.getByTestId('request-card').filter({ hasText: unique });
    await expect(card).toHaveCount(1);
    await slowNetwork(visitor);

    await visitor.getByLabel('Search').fill(`${unique.toLowerCase()} essay`);
    await card.getByRole('button', { name: /Send offer/ }).click();
    await expect(visitor).toHaveURL(/\/auth\?mode=login&redirect=%2Frequests/);
    await visitor.waitForTimeout(DEBOUNCE_AND_MORE_MS);
    await expect(visitor).toHaveURL(/\/auth\?mode=login/);
    await visitor.context().close();
  });
});

test.describe('a press before the app has started', () => {
  test('Request pressed as the service page appears, before any script has run, is done once the app is alive', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page);
    const title = `Earlybird${Date.now()} drum lessons`;
    await offerService(page, title, { category: 'Music' });
    const id = (await page.getByRole('link', { name: `Edit ${title}` }).getAttribute('href'))!.split('/').pop()!;

    const visitor = await (await browser.newContext()).newPage();
    // No script arrives until the press is made: the page is painted from its HTML, and nothing of the app runs yet.
    let scriptsArrive!: () => void;
    const pressed = new Promise<void>((resolve) => (scriptsArrive = resolve));
    await visitor.route('**/assets/*.js', async (route) => {
      await pressed;
      await route.continue();
    });
    await visitor.goto(`/services/${id}`, { waitUntil: 'commit' });
    await visitor.getByRole('button', { name: 'Request' }).click();
    expect(await visitor.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await visitor.evaluate(() => window.earlyPresses?.held.length)).toBe(1);
    scriptsArrive();
    await expect(visitor.getByText('Please sign in to request this service')).toBeVisible();
    await expect(visitor).toHaveURL(/\/auth\?mode=login&redirect=%2Fservices%2F/);
    await visitor.context().close();
  });
});

test.describe('a press when the app never starts', () => {
  test('presses are held only for a while after the page has loaded, not for good', async ({ page }) => {
    // The app's code never arrives (a school filter, a failed download): the page stays the server's HTML.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.clock.install();
    await page.goto('/', { waitUntil: 'load' });
    const held = () => page.evaluate(() => window.earlyPresses?.held.length);
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    expect(await held()).toBe(1);
    await page.clock.runFor(16_000);
    await page.getByRole('button', { name: 'SkillNest home' }).click();
    expect(await held()).toBe(1);
  });
});

test.describe('a double press', () => {
  const refusals = /^Failed to|already|is not|cannot|no longer/i;
  /** Pressed twice in a row, as an impatient thumb does; once every answer is in, no refusal is on screen. */
  async function doublePress(page: Page, name: string) {
    await page.getByRole('button', { name, exact: true }).dblclick();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: refusals })).toHaveCount(0);
  }

  test('each decision of a deal is made once: its success shows, never a refusal of the second press', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const provider = await (await browser.newContext()).newPage();
    await signInAsNewUser(provider, { firstName: 'Twice', lastName: 'Provider' });
    const client = await (await browser.newContext()).newPage();
    await signInAsNewUser(client, { firstName: 'Twice', lastName: 'Client' });
    const title = `Doubletap${randomUUID().slice(0, 8)} tutoring`;
    await publishService(provider, title, { price: 20 });
    await requestFromDiscovery(client, title);
    await provider.goto(client.url());
    await provider.getByRole('button', { name: 'Propose Price' }).click();
    await provider.getByRole('dialog').getByLabel('Price (USD)').fill('25');
    await provider.getByRole('dialog').getByRole('button', { name: 'Send Proposal' }).click();
    await expect(client.getByTestId('conversation-price')).toHaveText('$25.00 proposed');

    await doublePress(client, 'Accept');
    await expect(client.getByText('Price proposal accepted')).toBeVisible();
    await client.getByRole('button', { name: 'Pay $25.00' }).click();
    await payWith(client);
    await expect(client.getByText('Payment successful!')).toBeVisible();

    await doublePress(provider, 'Start Service');
    await expect(provider.getByText('Service marked as in progress')).toBeVisible();
    // The next step's button took Start Service's place: the second press did not press it.
    await expect(provider.getByText('The provider marked the service as completed')).toHaveCount(0);
    await doublePress(provider, 'Mark Complete');
    await expect(provider.getByText('Service marked as completed')).toBeVisible();
    await doublePress(client, 'Confirm Completion');
    await expect(client.getByText('Completion confirmed. The provider will be paid.')).toBeVisible();
  });
});
