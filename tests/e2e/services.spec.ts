import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { offerService, signInAsNewUser } from './helpers';

/** Matches the HTTP call that carries one tRPC procedure (alone or in a batch), to fail it as a network would. */
function tRpcCall(procedure: string) {
  return (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure);
}

test.describe('offering services', () => {
  test('the offer form shows every validation message, then publishes', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/offer-skills');
    const form = page.getByRole('form', { name: 'Offer a Service' });
    await form.getByLabel('Title').fill('Logo');
    await form.getByLabel('Description').fill('Too short');
    await form.getByLabel('Price (USD)').fill('-3');
    await form.getByLabel('Delivery method').selectOption('in-person');
    await form.getByRole('button', { name: 'Offer Service' }).click();
    for (const message of [
      'Title must be at least 5 characters',
      'Description must be at least 20 characters',
      'Please select a category',
      'Price cannot be negative',
      'Service location is required for in-person or hybrid delivery methods',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByText('Please set a service location on the map for in-person or hybrid services'),
    ).toBeVisible();
    await form.getByLabel('Radius (km)').fill('0.5');
    await form.getByRole('button', { name: 'Offer Service' }).click();
    await expect(page.getByText('Radius must be at least 1 km')).toBeVisible();

    await form.getByLabel('Title').fill('Logo design sprint');
    await form.getByLabel('Description').fill('Three logo drafts and one round of changes.');
    await form.getByLabel('Category').selectOption({ label: 'Design' });
    await form.getByLabel('Price (USD)').fill('45.50');
    await form.getByLabel('Delivery method').selectOption('virtual');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-'));
    const image = path.join(dir, 'logo.png');
    writeFileSync(
      image,
      await sharp({ create: { width: 200, height: 120, channels: 3, background: '#db2777' } })
        .png()
        .toBuffer(),
    );
    await form.getByLabel('Image').setInputFiles(image);
    await expect(form.getByRole('img', { name: 'Service' })).toBeVisible();
    await form.getByRole('button', { name: 'Offer Service' }).click();
    await expect(page).toHaveURL(/\/my-services\?tab=services$/);
    const card = page.getByTestId('service-card').filter({ hasText: 'Logo design sprint' });
    await expect(card).toContainText('$45.50');
    await expect(card.getByText('SERVICE')).toBeHidden(); // the badge sits outside the card
  });

  test('the price starts empty; left empty, it shows the price rule message', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/offer-skills');
    const form = page.getByRole('form', { name: 'Offer a Service' });
    await expect(form.getByLabel('Price (USD)')).toHaveValue('');
    await form.getByLabel('Title').fill('Chess coaching');
    await form.getByLabel('Description').fill('Openings, endgames and one friendly match.');
    await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
    await form.getByRole('button', { name: 'Offer Service' }).click();
    await expect(page.getByText('Please enter a valid price', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/offer-skills$/);
    await form.getByLabel('Price (USD)').fill('12');
    await form.getByRole('button', { name: 'Offer Service' }).click();
    await expect(page).toHaveURL(/\/my-services\?tab=services$/);
    await expect(page.getByTestId('service-card').filter({ hasText: 'Chess coaching' })).toContainText('$12.00');
  });

  test('a failed save shows the spec toast, a network failure included', async ({ page }) => {
    await signInAsNewUser(page);
    await page.route(tRpcCall('services.create'), (route) => route.abort());
    await page.goto('/offer-skills');
    const form = page.getByRole('form', { name: 'Offer a Service' });
    await form.getByLabel('Title').fill('Poster design');
    await form.getByLabel('Description').fill('A bold poster for your club or event.');
    await form.getByLabel('Category').selectOption({ label: 'Design' });
    await form.getByLabel('Price (USD)').fill('20');
    await form.getByRole('button', { name: 'Offer Service' }).click();
    await expect(page.getByText('Failed to create service', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/offer-skills$/);
  });

  test('an unknown category says so instead of listing every service', async ({ page }) => {
    await signInAsNewUser(page);
    await offerService(page, `Stray${Date.now()} service`);
    await page.goto('/category/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Category not found' })).toBeVisible();
    await expect(page.getByTestId('service-card')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Services' }).click();
    await expect(page).toHaveURL(/\/discover-services$/);
  });

  test('a visitor is sent to sign in from Offer a Service', async ({ page }) => {
    await page.goto('/offer-skills');
    await expect(page.getByText('You must be logged in to submit a service')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=login/);
  });

  test('an in-person service shows its area on a map, never a pin, to a visitor', async ({ page, browser }) => {
    await signInAsNewUser(page);
    const title = `Bike repair ${Date.now()}`;
    await offerService(page, title, { price: '25', delivery: 'in-person', category: 'Tutoring' });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/discover-services?search=${encodeURIComponent(title)}`);
    await visitor.getByRole('link', { name: title }).click();
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    const map = visitor.getByTestId('service-area-map');
    await expect(map).toBeVisible();
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
    await expect(visitor.getByText('Something went wrong')).toBeHidden();
  });

  test('the owner edits the exact location, not the rounded one the page first drew for everyone', async ({ page }) => {
    await signInAsNewUser(page);
    const title = `Dog walking ${Date.now()}`;
    await offerService(page, title, {
      delivery: 'in-person',
      category: 'Tutoring',
      latitude: '40.7128',
      longitude: '-74.0061',
    });
    const edit = page.getByRole('link', { name: `Edit ${title}` });
    const id = (await edit.getAttribute('href'))!.split('/').pop()!;
    // The service page arrives rendered for any reader (the location rounded to about 1 km); its owner goes on from it.
    await page.goto(`/services/${id}`);
    await page.getByRole('link', { name: 'Edit Service' }).click();
    const form = page.getByRole('form', { name: 'Edit Service' });
    await expect(form.getByLabel('Latitude')).toHaveValue('40.7128');
    await expect(form.getByLabel('Longitude')).toHaveValue('-74.0061');
  });

  test('find a service by search and by each filter; edit it; delete it', async ({ page }) => {
    // Seven filtered listings, an edit and a delete, each waiting for the page: a longer budget than one form.
    test.setTimeout(60_000);
    // The filters inline, as on a laptop (phone-results.spec.ts filters through the phone's sheet).
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsNewUser(page);
    const unique = `Zebra${Date.now()}`;
    await offerService(page, `${unique} tutoring`, { price: '100', delivery: 'in-person', category: 'Tutoring' });

    await page.goto('/discover-services');
    await page.getByLabel('Search').fill(unique.toLowerCase());
    const card = page.getByTestId('service-card').filter({ hasText: unique });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$100.00');
    await page.getByLabel('Price').selectOption('100+');
    await expect(card).toHaveCount(1);
    await page.getByLabel('Price').selectOption('0-25');
    await expect(card).toHaveCount(0);
    await page.getByLabel('Price').selectOption('50-100');
    await expect(card).toHaveCount(1);
    await page.getByLabel('Delivery').selectOption('virtual');
    await expect(card).toHaveCount(0);
    await page.getByLabel('Delivery').selectOption('both');
    await expect(card).toHaveCount(1);
    await page.getByLabel('Category').selectOption({ label: 'Music' });
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Search')).toHaveValue('');

    await page.goto('/my-services');
    await page.getByRole('link', { name: `Edit ${unique} tutoring` }).click();
    const form = page.getByRole('form', { name: 'Edit Service' });
    await form.getByLabel('Title').fill(`${unique} tutoring plus`);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Service updated successfully')).toBeVisible();
    await page.getByRole('button', { name: `Delete ${unique} tutoring plus` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Service deleted successfully')).toBeVisible();
    await expect(page.getByText("You haven't created any services yet")).toBeVisible();
  });

  test('a visitor pressing Request goes to sign in and comes back', async ({ page, browser }) => {
    await signInAsNewUser(page);
    const title = `Guitar${Date.now()} lessons`;
    await offerService(page, title, { category: 'Music' });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/discover-services?q=${encodeURIComponent(title)}`);
    const card = visitor.getByTestId('service-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Request' }).click();
    await expect(visitor.getByText('Please sign in to request this service')).toBeVisible();
    await expect(visitor).toHaveURL(/\/auth\?mode=login&redirect=%2Fdiscover-services/);
    const other = await visitor.request.post('/api/test/users', { data: { email: `v${Date.now()}@example.com` } });
    const { email, password } = (await other.json()) as { email: string; password: string };
    await visitor.context().clearCookies();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill(password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(/\/discover-services\?q=/);
    // The owner never sees Request on their own service.
    await page.goto(`/discover-services?q=${encodeURIComponent(title)}`);
    await expect(
      page.getByTestId('service-card').filter({ hasText: title }).getByRole('button', { name: 'Request' }),
    ).toHaveCount(0);
  });
});

test.describe('landing page providers', () => {
  test('providers of real services appear in the hero at random places that never overlap', async ({ page }) => {
    await signInAsNewUser(page, { firstName: 'Hero', lastName: 'Provider' });
    await offerService(page, `Hero${Date.now()} portraits`);
    await page.goto('/');
    const cards = page.getByTestId('landing-provider');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    await expect(cards.first().getByRole('link').first()).toHaveAttribute('href', /^\/profile\//);
    const boxes = await Promise.all(Array.from({ length: count }, (_, i) => cards.nth(i).boundingBox()));
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
    }
  });
});

test.describe('service requests', () => {
  test('post a request, land on it highlighted, edit it', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Submit Request' });
    await expect(form.getByLabel('Budget (USD, optional)')).toHaveValue('');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Title is required', 'Description is required', 'Category is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    const title = `Calculus${Date.now()} help`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Two sessions before my exam next week.');
    await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
    await form.getByLabel('Budget (USD, optional)').fill('40.25');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Request Submitted Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/requests\?highlight=/, { timeout: 6000 });
    const card = page.getByTestId('request-card').filter({ hasText: title });
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card).toContainText('$40.25');
    // It pulses for 3 seconds, then stays ringed.
    await expect(card).toHaveAttribute('data-pulsing', 'true');
    await expect(card).not.toHaveAttribute('data-pulsing', /.*/, { timeout: 5000 });
    await expect(card).toHaveAttribute('data-highlighted', 'true');

    await page.goto('/my-services?tab=requests');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Service Request' })).toBeVisible();
    await page.getByLabel('Budget (USD, optional)').fill('55');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Request updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/my-services\?tab=requests$/);
    await expect(page.getByTestId('request-card').filter({ hasText: title })).toContainText('$55.00');

    // The tabs follow the keyboard and keep the choice in the address.
    await page.getByRole('tab', { name: 'My Requests' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/my-services\?tab=services$/);
    await expect(page.getByRole('tab', { name: 'My Services' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText("You haven't created any services yet")).toBeVisible();
  });

  test('the Filters popover opens with its location and availability choices', async ({ page }) => {
    await page.goto('/requests');
    await page.getByRole('button', { name: 'Filters' }).click();
    const popover = page.getByRole('dialog', { name: 'Filters' });
    for (const option of [
      'Any location',
      'Local only',
      'Remote only',
      'Any time',
      'Available now',
      'Weekdays',
      'Weekends',
    ]) {
      await expect(popover.getByRole('radio', { name: option })).toBeEnabled();
    }
    await popover.getByRole('radio', { name: 'Local only' }).check();
    await popover.getByRole('radio', { name: 'Weekends' }).check();
    await expect(popover.getByRole('radio', { name: 'Local only' })).toBeChecked();
    await expect(popover).toContainText('Requests carry no location or availability yet');
  });

  test('a failed submit shows the spec toast, a network failure included', async ({ page }) => {
    await signInAsNewUser(page);
    await page.route(tRpcCall('requests.create'), (route) => route.abort());
    await page.goto('/request-service');
    const form = page.getByRole('form', { name: 'Submit Request' });
    await form.getByLabel('Title').fill('Chemistry lab report help');
    await form.getByLabel('Description').fill('One hour to go through my lab report.');
    await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Failed to submit request. Please try again.')).toBeVisible();
    await expect(page.getByText('Request Submitted Successfully')).toBeHidden();
  });

  test('a visitor sees the Sign In Required card', async ({ page }) => {
    await page.goto('/request-service');
    await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth');
  });
});
