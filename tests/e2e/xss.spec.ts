import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsNewUser } from './helpers';

/**
 * Cross-site scripting: a script payload in every text field a user can write (names, bio, school, service and
 * request title and description, portfolio title, description and link, chat message, review comment, dispute) is
 * stored through the API, then every page that shows it is opened in Chromium. The text must show as text, and no
 * script may run: window.__xss stays unset and no dialog opens.
 */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload="window.__xss=1"></svg>';
const LONG = `${IMG} ${SCRIPT} ${SVG} "><iframe src="javascript:window.__xss=1"></iframe>`;

type TrpcResponse<T> = { result?: { data: T }; error?: { message: string } };

async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
  const body = (await response.json()) as TrpcResponse<T>;
  expect(response.status(), `${path}: ${body.error?.message}`).toBe(200);
  return body.result!.data;
}

async function mutateStatus(request: APIRequestContext, path: string, input: unknown) {
  return (await request.post(`/api/trpc/${path}`, { data: input })).status();
}

async function acceptListingPrice(request: APIRequestContext, id: string, priceCents: number) {
  const dedicated = await request.post('/api/trpc/conversations.acceptOriginal', {
    data: { id, priceCents, pricingType: 'fixed' },
  });
  if (dedicated.status() === 404) {
    await mutate(request, 'conversations.act', { id, action: 'acceptOriginal' });
  } else {
    expect(dedicated.status()).toBe(200);
  }
}

async function pay(request: APIRequestContext, conversationId: string) {
  const { paymentIntentId } = await mutate<{ paymentIntentId: string }>(request, 'payments.start', { conversationId });
  await mutate(request, 'payments.payWithTestCard', {
    conversationId,
    paymentIntentId,
    number: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
}

const categoryId = async (request: APIRequestContext) => {
  const response = await request.get('/api/trpc/categories.list');
  const body = (await response.json()) as TrpcResponse<{ id: string }[]>;
  return body.result!.data[0]!.id;
};

/** Opens a page and checks that no script ran and no dialog opened; `shows` must be visible as text. */
async function expectInert(page: Page, url: string, shows: string[]) {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.goto(url);
  for (const text of shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `script ran on ${url}`).toBe(
    undefined,
  );
  expect(await page.locator('a[href^="javascript:" i], iframe[src^="javascript:" i]').count()).toBe(0);
  expect(dialogs, `dialog on ${url}`).toEqual([]);
  page.off('dialog', onDialog);
}

test('script typed into any text field shows as text and never runs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const provider = await signInAsNewUser(page, { firstName: 'Priya', lastName: 'Provider' });
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signInAsNewUser(clientPage, { firstName: 'Cole', lastName: 'Client' });
  const p = page.request;
  const c = clientPage.request;
  const category = await categoryId(p);

  await mutate(p, 'profiles.update', {
    firstName: IMG,
    lastName: SCRIPT,
    bio: LONG,
    school: SVG,
    dateOfBirth: '2000-01-01',
  });
  await mutate(c, 'profiles.update', { firstName: SVG, lastName: IMG, bio: '', school: '', dateOfBirth: '2000-01-01' });

  // A javascript: link is refused outright; a URL-shaped one carrying markup is stored and must stay inert.
  const portfolioItem = { title: `Site ${IMG}`, description: LONG, imageUrl: '' };
  expect(
    await mutateStatus(p, 'portfolio.create', { ...portfolioItem, projectUrl: 'javascript:window.__xss=1' }),
  ).toBeGreaterThanOrEqual(400);
  await mutate(p, 'portfolio.create', {
    ...portfolioItem,
    projectUrl: `https://example.com/"><img src=x onerror="window.__xss=1">`,
  });

  const service = (title: string, price: number) => ({
    title,
    description: `Tutoring with care. ${LONG}`,
    category_id: category,
    price,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const reviewed = await mutate<{ id: string }>(p, 'services.create', service(`Math ${IMG}`, 30));
  const disputed = await mutate<{ id: string }>(p, 'services.create', service(`Art ${SCRIPT}`, 40));
  await mutate(c, 'requests.create', {
    title: `Essay ${IMG}`,
    description: `Help please. ${LONG}`,
    service_category_id: category,
    pricing_type: 'fixed',
    budget: '20',
    image_url: '',
  });

  const chat = await mutate<{ id: string }>(c, 'conversations.request', { serviceId: reviewed.id });
  await mutate(c, 'conversations.send', { id: chat.id, text: `Hello ${LONG}` });
  await acceptListingPrice(c, chat.id, 3000);
  await pay(c, chat.id);
  await mutate(p, 'conversations.act', { id: chat.id, action: 'start' });
  await mutate(p, 'conversations.act', { id: chat.id, action: 'complete' });
  await mutate(c, 'reviews.submit', { conversationId: chat.id, rating: 4, comment: `Great! ${LONG}` });

  const dispute = await mutate<{ id: string }>(c, 'conversations.request', { serviceId: disputed.id });
  await acceptListingPrice(c, dispute.id, 4000);
  await pay(c, dispute.id);
  await mutate(c, 'settlement.dispute', {
    conversationId: dispute.id,
    reason: 'Other',
    description: `Not delivered ${LONG}`,
  });

  // The provider's own pages and the public ones.
  await expectInert(page, `/profile/${provider.userId}`, [SVG, `Site ${IMG}`]);
  await expectInert(page, '/my-profile', [SVG]);
  await expectInert(page, `/services/${reviewed.id}`, [`Math ${IMG}`]);
  await expectInert(page, '/discover-services', [`Math ${IMG}`]);
  await expectInert(page, '/my-services?tab=services', [`Art ${SCRIPT}`]);
  await expectInert(page, `/reviews/${provider.userId}`, ['Great!']);
  await expectInert(page, '/reviews', ['Great!']);
  await expectInert(page, '/', []);
  await expectInert(page, '/conversations', []);
  await expectInert(page, `/chat/${chat.id}`, [`Hello ${IMG}`]);
  await expectInert(page, `/conversations/${dispute.id}`, []);
  // The client's pages: requests, the chat, and the disputed payment.
  await expectInert(clientPage, '/requests', [`Essay ${IMG}`]);
  await expectInert(clientPage, '/my-services?tab=requests', [`Essay ${IMG}`]);
  await expectInert(clientPage, `/chat/${chat.id}`, [`Hello ${IMG}`]);
  await expectInert(clientPage, `/chat/${dispute.id}`, []);
  await expectInert(clientPage, '/conversations', []);
  await clientContext.close();
});
