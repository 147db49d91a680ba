import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAsNewUser } from './helpers';

/**
 * Trust on every card: a card says how its provider is rated (or "New"), a card without a
 * picture has its category's cover, and the service page shows who offers it with Request inside the first screen,
 * on a laptop and on a phone.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const TUTORING = 'b709c155-5173-4c1d-9295-cd388407d1af';

type Trpc<T> = { result?: { data: T }; error?: { message: string } };

async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
  const body = (await response.json()) as Trpc<T>;
  expect(response.status(), `${path}: ${body.error?.message}`).toBe(200);
  return body.result!.data;
}

const serviceInput = (title: string, price: number) => ({
  title,
  description: 'Patient one-to-one help with equations, graphs and word problems.',
  category_id: TUTORING,
  price,
  pricing_type: 'fixed',
  delivery_method: 'virtual',
  service_location: null,
  image_url: '',
});

/** A provider with a school and bio, two services, and one finished job reviewed 4 stars; and a newcomer's service. */
async function marketplace(page: Page, browser: Browser) {
  const tag = Math.random().toString(36).slice(2, 7);
  await signInAsNewUser(page, { firstName: 'Rita', lastName: `Reyes${tag}` });
  const p = page.request;
  await mutate(p, 'profiles.update', {
    firstName: 'Rita',
    lastName: `Reyes${tag}`,
    bio: 'Algebra and chemistry tutor who loves word problems.',
    school: 'Hillside High',
    dateOfBirth: '2000-01-01',
  });
  const reviewed = await mutate<{ id: string }>(p, 'services.create', serviceInput(`Algebra ${tag} reviewed`, 30));
  const rated = await mutate<{ id: string }>(p, 'services.create', serviceInput(`Algebra ${tag} rated`, 25));

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signInAsNewUser(clientPage, { firstName: 'Carl', lastName: 'Client' });
  const c = clientPage.request;
  const chat = await mutate<{ id: string }>(c, 'conversations.request', { serviceId: reviewed.id });
  await mutate(c, 'conversations.acceptOriginal', { id: chat.id, priceCents: 3000, pricingType: 'fixed' });
  const { paymentIntentId } = await mutate<{ paymentIntentId: string }>(c, 'payments.start', {
    conversationId: chat.id,
  });
  await mutate(c, 'payments.payWithTestCard', {
    conversationId: chat.id,
    paymentIntentId,
    number: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  await mutate(p, 'conversations.act', { id: chat.id, action: 'start' });
  await mutate(p, 'conversations.act', { id: chat.id, action: 'complete' });
  await mutate(c, 'reviews.submit', { conversationId: chat.id, rating: 4, comment: `Clear and patient ${tag}.` });
  // The newcomer offers a service too; the client is then the visitor of these pages.
  const newcomer = await mutate<{ id: string }>(c, 'services.create', serviceInput(`Algebra ${tag} newcomer`, 20));
  await clientContext.close();
  return { tag, rated: rated.id, newcomer: newcomer.id };
}

/** Whether the element lies wholly inside the viewport as the page first opens (no scrolling). */
async function inFirstScreen(page: Page, selector: ReturnType<Page['getByRole']>) {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'element is laid out').not.toBeNull();
  return box!.y >= 0 && box!.y + box!.height <= viewport.height && box!.x + box!.width <= viewport.width;
}

test('cards show the provider’s rating or "New", and a cover when there is no picture', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { tag } = await marketplace(page, browser);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/discover-services?q=${tag}`);
    const rated = page.getByTestId('service-card').filter({ hasText: `Algebra ${tag} rated` });
    await expect(rated.getByTestId('provider-rating')).toContainText('4.0');
    await expect(rated.getByTestId('provider-rating')).toContainText('(1 review)');
    await expect(rated.getByRole('img', { name: '4.0 out of 5 stars' })).toBeVisible();
    const fresh = page.getByTestId('service-card').filter({ hasText: `Algebra ${tag} newcomer` });
    await expect(fresh.getByTestId('provider-rating')).toHaveText('New');
    // No picture: the category's coloured cover, not a grey box.
    const cover = rated.getByTestId('service-cover');
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    const coverBox = (await cover.boundingBox())!;
    expect(coverBox.height, `${size.name}: the cover is a banner, not a tall box`).toBeLessThanOrEqual(
      coverBox.width / 2 + 1,
    );
  }
  await expectNoSeriousA11yViolations(page, 'discover with ratings');
});

test('the service page shows the provider and Request inside the first screen', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { tag, rated } = await marketplace(page, browser);
  // A visitor: the page is public and must show public fields only.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const size of SIZES) {
    await visitorPage.setViewportSize(size);
    await visitorPage.goto(`/services/${rated}`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: `Algebra ${tag} rated` })).toBeVisible();
    const request = visitorPage.getByRole('button', { name: 'Request' });
    await expect(request).toBeVisible();
    expect(await inFirstScreen(visitorPage, request), `${size.name}: Request above the fold`).toBe(true);

    const provider = visitorPage.getByTestId('provider-summary');
    await expect(provider.getByRole('link', { name: `Rita Reyes${tag}`, exact: true })).toBeVisible();
    await expect(provider).toContainText('Hillside High');
    await expect(provider).toContainText('Algebra and chemistry tutor who loves word problems.');
    await expect(provider).toContainText('Member since');
    await expect(provider.getByTestId('provider-rating')).toContainText('(1 review)');
    expect(
      await inFirstScreen(visitorPage, provider.getByRole('link', { name: `Rita Reyes${tag}`, exact: true })),
      `${size.name}: the provider's name is on the first screen`,
    ).toBe(true);

    const reviews = visitorPage.getByRole('region', { name: 'Latest Reviews' });
    await expect(reviews.getByTestId('review')).toContainText(`Clear and patient ${tag}.`);
    await expect(reviews.getByRole('link', { name: 'All reviews' })).toHaveAttribute('href', /\/reviews\//);
  }
  await expectNoSeriousA11yViolations(visitorPage, 'service page');
  // Dark mode keeps the page readable (theme tokens).
  await visitorPage.evaluate(() => localStorage.setItem('theme', 'dark'));
  await visitorPage.reload();
  await expect(visitorPage.locator('html')).toHaveClass(/dark/);
  await expect(visitorPage.getByTestId('provider-summary')).toBeVisible();
  await expectNoSeriousA11yViolations(visitorPage, 'service page, dark');
  await visitor.close();
});
