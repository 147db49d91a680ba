import { expect, test, type Page } from '@playwright/test';
import { offerService, signInAsNewUser } from './helpers';

/**
 * The spec's failure toasts for the edit forms and the portfolio, shown when the call never reaches the server (the
 * request is aborted as a dropped network would), not only when the server answers with an error.
 */

/** Matches the HTTP call that carries one tRPC procedure (alone or in a batch), to fail it as a network would. */
function tRpcCall(procedure: string) {
  return (url: URL) => url.pathname.startsWith('/api/trpc/') && url.pathname.slice(10).split(',').includes(procedure);
}

async function submitRequest(page: Page, title: string) {
  await page.goto('/request-service');
  const form = page.getByRole('form', { name: 'Submit Request' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Two sessions before my exam next week.');
  await form.getByLabel('Category').selectOption({ label: 'Tutoring' });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request Submitted Successfully')).toBeVisible();
}

test.describe('failure toasts on a network failure', () => {
  test('editing a service that cannot be saved says "Failed to update service" and stays on the form', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    const title = `Offline${Date.now()} tutoring`;
    await offerService(page, title);
    await page.route(tRpcCall('services.update'), (route) => route.abort());
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    const form = page.getByRole('form', { name: 'Edit Service' });
    await form.getByLabel('Title').fill(`${title} plus`);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Failed to update service', { exact: true })).toBeVisible();
    await expect(page.getByText('Service updated successfully')).toHaveCount(0);
    await expect(page).toHaveURL(/\/edit-service\//);
  });

  test('editing a request that cannot be saved says "Failed to update request. Please try again."', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    const title = `Offline${Date.now()} algebra help`;
    await submitRequest(page, title);
    await page.route(tRpcCall('requests.update'), (route) => route.abort());
    await page.goto('/my-services?tab=requests');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Service Request' })).toBeVisible();
    await page.getByLabel('Budget (USD, optional)').fill('55');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Failed to update request. Please try again.', { exact: true })).toBeVisible();
    await expect(page.getByText('Request updated successfully!')).toHaveCount(0);
    await expect(page).toHaveURL(/\/edit-request\//);
  });

  test('a portfolio item that cannot be updated or deleted says so, and stays as it was', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await form.getByLabel('Title').fill('Weather station');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Portfolio item added successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Weather station' });
    await expect(card).toBeVisible();

    await page.route(tRpcCall('portfolio.update'), (route) => route.abort());
    await page.route(tRpcCall('portfolio.delete'), (route) => route.abort());
    await card.getByRole('button', { name: 'Edit Weather station' }).click();
    await page.getByRole('form', { name: 'Save Changes' }).getByLabel('Title').fill('Weather station v2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Failed to update portfolio item', { exact: true })).toBeVisible();
    await expect(page.getByText('Portfolio item updated successfully')).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Delete Weather station' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Failed to delete portfolio item', { exact: true })).toBeVisible();
    await expect(page.getByText('Portfolio item deleted successfully')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('article', { name: 'Weather station' })).toBeVisible();
  });
});

test('a toaster whose download fails keeps the page alive, and the toast asked for meanwhile shows once it loads', async ({
  page,
}) => {
  // The chunk holding sonner is dropped once, as a school network would; it loads on the next try.
  let dropped = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (dropped === 0 && body.includes('data-sonner-toaster')) {
      dropped += 1;
      return route.abort();
    }
    return route.fulfill({ response, body });
  });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect.poll(() => dropped).toBe(1);
  await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();

  await page.getByLabel('Subscribe to our newsletter').fill(`toaster${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Successfully subscribed to our newsletter!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Skills by students, for everyone.' })).toBeVisible();
});
