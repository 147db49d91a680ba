import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { expectNoSeriousA11yViolations, publishService, signInAsNewUser } from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DESIGN_ID = '7b79913e-201d-4a6c-9e92-e50a3495d15e';
const TUTORING_ID = 'b709c155-5173-4c1d-9295-cd388407d1af';

async function openPage(browser: Browser, viewport: { width: number; height: number }, { dark = false } = {}) {
  const context = await browser.newContext({ viewport });
  if (dark) await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  return context.newPage();
}

/** The first card starts inside the first screen, the page unscrolled and never wider than the screen. */
async function expectOnFirstScreen(page: Page, card: Locator) {
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  const { scrollY, innerHeight, innerWidth, scrollWidth } = await page.evaluate(() => ({
    scrollY: window.scrollY,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  expect(scrollY).toBe(0);
  expect(box!.y).toBeLessThan(innerHeight - 40);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The visible category tiles, counted row by row (by their tops), in page order. */
async function expectTileRows(tiles: Locator, rows: number[]) {
  await expect
    .poll(() =>
      tiles.evaluateAll((links) => {
        const counts = new Map<number, number>();
        for (const link of links) {
          const box = link.getBoundingClientRect();
          if (box.height === 0) continue;
          const top = Math.round(box.top);
          counts.set(top, (counts.get(top) ?? 0) + 1);
        }
        return [...counts.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
      }),
    )
    .toEqual(rows);
}

/** Posts a request through the form, as a client would. */
async function postRequest(page: Page, title: string) {
  await page.goto('/request-service');
  const form = page.getByRole('form', { name: 'Submit Request' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Two sessions before my exam next week.');
  await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/requests\?highlight=/, { timeout: 6000 });
}

test.describe('results on the first screen', () => {
  test('on a phone, discovery shows a card first; the Filters sheet applies a category and a price to the address', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page);
    const title = `Poster${Date.now()} design`;
    await publishService(page, title, { price: 30, category: 'Design' });

    const phone = await openPage(browser, PHONE, { dark: true });
    await phone.goto('/discover-services');
    await expectOnFirstScreen(phone, phone.getByTestId('service-card').first());

    // Spec 2's tiles on a phone too: two rows of five, then Show All (5 more) / Show Less; the card is still on the
    // first screen (above).
    const tiles = phone.getByRole('region', { name: 'Categories' }).getByRole('link');
    await expectTileRows(tiles, [5, 5]);
    const showAll = phone.getByRole('button', { name: 'Show All (5 more)' });
    await showAll.click();
    await expectTileRows(tiles, [5, 5, 5]);
    await phone.getByRole('button', { name: 'Show Less' }).click();
    await expectTileRows(tiles, [5, 5]);
    await expect(showAll).toBeFocused();
    await expect(phone.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(phone, '/discover-services, dark, 390 px');

    // The lists wait behind the Filters button, and apply only with Apply.
    await expect(phone.getByLabel('Price')).toBeHidden();
    await phone.getByRole('button', { name: 'Filters' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Category').selectOption({ label: 'Design' });
    await sheet.getByLabel('Price').selectOption('25-50');
    await expect(phone).toHaveURL(/\/discover-services$/);
    await expectNoSeriousA11yViolations(phone, 'Filters sheet, dark, 390 px');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(sheet).toBeHidden();
    await expect(phone).toHaveURL(new RegExp(`categoryId=${DESIGN_ID}&price=25-50$`));
    await expect(phone.getByRole('button', { name: /^Filters\s*2 active$/ })).toBeVisible();
    await expect(phone.getByTestId('service-card').filter({ hasText: title })).toBeVisible();

    // Reopened, it shows what is applied; a change left with Escape is dropped.
    await phone.getByRole('button', { name: 'Filters' }).click();
    await expect(sheet.getByLabel('Price')).toHaveValue('25-50');
    await sheet.getByLabel('Price').selectOption('100+');
    await phone.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(phone).toHaveURL(/price=25-50$/);
    await expect(phone.getByRole('button', { name: 'Filters' })).toBeFocused();

    // The filtered address opens the same view; Clear empties it.
    await phone.reload();
    await expect(phone.getByRole('button', { name: /^Filters\s*2 active$/ })).toBeVisible();
    await expect(phone.getByTestId('service-card').filter({ hasText: title })).toBeVisible();
    await phone.getByRole('button', { name: 'Filters' }).click();
    await sheet.getByRole('button', { name: 'Clear' }).click();
    await expect(phone).toHaveURL(/\/discover-services$/);
    await expect(phone.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

    // A category tile leads to the category page, whose first card is on the first screen too.
    await phone.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Design' }).click();
    await expect(phone).toHaveURL(new RegExp(`/category/${DESIGN_ID}$`));
    await expectOnFirstScreen(phone, phone.getByTestId('service-card').first());

    // Filtered by the last category (a shared link, Back), which two rows would hide: the grid opens on it.
    const last = SERVICE_CATEGORIES.at(-1)!;
    await phone.goto(`/discover-services?categoryId=${last.id}`);
    const tile = phone.getByRole('region', { name: 'Categories' }).getByRole('link', { name: last.name });
    await expect(tile).toHaveAttribute('aria-current', 'true');
    await expect(tile).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Show Less' })).toBeVisible();
    await phone.context().close();
  });

  test('on a phone, requests show a card first; their Filters sheet holds the unwired choices too', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page);
    const title = `Algebra${Date.now()} help`;
    await postRequest(page, title);

    const phone = await openPage(browser, PHONE, { dark: true });
    await phone.goto('/requests');
    await expectOnFirstScreen(phone, phone.getByTestId('request-card').first());
    const tiles = phone.getByRole('region', { name: 'Categories' }).getByRole('link');
    await expectTileRows(tiles, [5, 5]);
    await phone.getByRole('button', { name: 'Show All (5 more)' }).click();
    await expectTileRows(tiles, [5, 5, 5]);
    await phone.getByRole('button', { name: 'Show Less' }).click();
    await expectTileRows(tiles, [5, 5]);
    await expectNoSeriousA11yViolations(phone, '/requests, dark, 390 px');

    await phone.getByRole('button', { name: 'Filters' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('radio', { name: 'Local only' })).toBeEnabled();
    await expect(sheet).toContainText('Requests carry no location or availability yet');
    await sheet.getByLabel('Category').selectOption({ label: 'Tutoring' });
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(phone).toHaveURL(new RegExp(`/requests\\?categoryId=${TUTORING_ID}$`));
    await expect(phone.getByTestId('request-card').filter({ hasText: title })).toBeVisible();

    await phone.goto(`/requests/category/${TUTORING_ID}`);
    await expectOnFirstScreen(phone, phone.getByTestId('request-card').first());
    // The route holds the category: the sheet offers no category list there.
    await phone.getByRole('button', { name: 'Filters' }).click();
    await expect(sheet.getByLabel('Price')).toBeVisible();
    await expect(sheet.getByLabel('Category')).toHaveCount(0);
    await phone.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await phone.context().close();
  });

  test('on a 1280x800 desktop the filters stay inline and the first card is on the first screen', async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page);
    await publishService(page, `Essay${Date.now()} proofreading`);
    await postRequest(page, `Physics${Date.now()} revision`);

    const desktop = await openPage(browser, DESKTOP);
    await desktop.goto('/discover-services');
    await expectOnFirstScreen(desktop, desktop.getByTestId('service-card').first());
    await expect(desktop.getByLabel('Price')).toBeVisible();
    await expect(desktop.getByRole('button', { name: 'Filters' })).toBeHidden();
    // Ten tiles a row from 1280 px: two rows hold all fifteen, so there is nothing to show all of.
    const tiles = desktop.getByRole('region', { name: 'Categories' }).getByRole('link');
    await expectTileRows(tiles, [10, 5]);
    await expect(desktop.getByRole('button', { name: /^Show All/ })).toBeHidden();

    await desktop.goto('/requests');
    await expectOnFirstScreen(desktop, desktop.getByTestId('request-card').first());
    await expect(desktop.getByLabel('Price')).toBeVisible();
    await expectTileRows(desktop.getByRole('region', { name: 'Categories' }).getByRole('link'), [10, 5]);

    // Six a row from 768 px: two rows of six, then Show All (3 more).
    await desktop.setViewportSize({ width: 800, height: 800 });
    await expectTileRows(desktop.getByRole('region', { name: 'Categories' }).getByRole('link'), [6, 6]);
    await desktop.getByRole('button', { name: 'Show All (3 more)' }).click();
    await expectTileRows(desktop.getByRole('region', { name: 'Categories' }).getByRole('link'), [6, 6, 3]);
    await desktop.context().close();
  });
});
