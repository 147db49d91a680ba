import { expect, test, type Browser, type Page } from '@playwright/test';
import { publishService, signInAsNewUser } from './helpers';

async function newUser(browser: Browser, firstName: string) {
  const page = await (await browser.newContext()).newPage();
  // Before anything opens the socket: its frames can only be heard from its opening.
  const calls = countApiCalls(page);
  await signInAsNewUser(page, { firstName, lastName: 'Tester' });
  return Object.assign(page, { calls });
}

/**
 * Counts the page's calls to the API once started, whichever way they go: HTTP requests, and the queries and
 * mutations it sends over its already-open WebSocket (a send or a mark-read riding the socket is still a call; the
 * live events it receives, pings and its subscriptions are not).
 */
function countApiCalls(page: Page) {
  const seen: string[] = [];
  let counting = false;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (counting && url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (!counting) return;
      // One frame may carry several calls (the client batches what goes out together).
      const text = String(payload);
      const parsed: unknown = /^[[{]/.test(text) ? JSON.parse(text) : [];
      for (const frame of [parsed].flat() as { method?: string; params?: { path?: string } }[]) {
        if (frame.method === 'query' || frame.method === 'mutation') seen.push(`socket ${frame.params?.path}`);
      }
    }),
  );
  return {
    seen,
    start: () => void (counting = true),
  };
}

const MESSAGES = 6;
/** A chat's pace: a reply a second or so after the last message showed. */
const PACE_MS = 1_000;

test('a chat at a chat’s pace costs at most 2 calls (HTTP or socket) per message for both parties together', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const provider = await newUser(browser, 'Lena');
  const client = await newUser(browser, 'Omar');
  const title = `Cache${Date.now()} tutoring`;
  await publishService(provider, title, { price: 20 });
  await client.goto(`/discover-services?q=${encodeURIComponent(title)}`);
  await client.getByTestId('service-card').filter({ hasText: title }).getByRole('button', { name: 'Request' }).click();
  await expect(client).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await provider.goto(client.url());
  await expect(provider.getByText(`Hi! I'd like to request your service "${title}".`)).toBeVisible();
  // Both pages loaded, subscribed, and the provider's opening read is done.
  await expect(provider.getByTestId('menu-unread')).toHaveCount(0);
  await provider.waitForTimeout(PACE_MS);

  provider.calls.start();
  client.calls.start();
  const requests = { provider: provider.calls.seen, client: client.calls.seen };
  for (let i = 1; i <= MESSAGES; i++) {
    const [from, to] = i % 2 ? [provider, client] : [client, provider];
    const text = `Message ${i} of the exchange`;
    const composer = from.getByLabel('Message', { exact: true });
    await composer.fill(text);
    await composer.press('Enter');
    // In the chat, not the composer: the live event can show the message before the send's answer clears the box.
    const inChat = (page: typeof from) => page.getByRole('list', { name: 'Messages' }).getByText(text);
    await expect(inChat(from)).toBeVisible();
    await expect(inChat(to)).toBeVisible();
    await expect(composer).toHaveValue('');
    await to.waitForTimeout(PACE_MS);
  }
  // The receivers' reads are done and applied: no unread count is left on either menu.
  await expect(provider.getByTestId('menu-unread')).toHaveCount(0);
  await expect(client.getByTestId('menu-unread')).toHaveCount(0);

  // Presence beats come with time (one a page every so often), not with messages: counted apart.
  const perMessage = (calls: string[]) => calls.filter((call) => !call.includes('presence.'));
  const total = perMessage(requests.provider).length + perMessage(requests.client).length;
  console.log(
    `live-cache: ${total} API calls for ${MESSAGES} messages (${(total / MESSAGES).toFixed(2)} per message)`,
    JSON.stringify(requests),
  );
  for (let i = 1; i <= MESSAGES; i++) {
    await expect(provider.getByText(`Message ${i} of the exchange`)).toBeVisible();
    await expect(client.getByText(`Message ${i} of the exchange`)).toBeVisible();
  }
  expect(total / MESSAGES).toBeLessThanOrEqual(2);
});

test('the menu badge and the conversation list count a message live and drop it when it is read', async ({
  browser,
}) => {
  const provider = await newUser(browser, 'Mina');
  const client = await newUser(browser, 'Theo');
  const title = `Badge${Date.now()} lessons`;
  await publishService(provider, title, { price: 15 });
  await client.goto(`/discover-services?q=${encodeURIComponent(title)}`);
  await client.getByTestId('service-card').filter({ hasText: title }).getByRole('button', { name: 'Request' }).click();
  await expect(client).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatUrl = client.url();

  await provider.goto('/conversations');
  const row = provider.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  await client.getByLabel('Message', { exact: true }).fill('Are you free on Monday?');
  await client.getByLabel('Message', { exact: true }).press('Enter');
  // Counted live on the list and the menu, with the new last message.
  await expect(row.getByTestId('unread-badge')).toHaveText('2');
  await expect(row.getByText('Are you free on Monday?')).toBeVisible();
  await expect(provider.getByTestId('menu-unread')).toHaveText('2');
  await provider.goto(chatUrl);
  await expect(provider.getByText('Are you free on Monday?')).toBeVisible();
  await expect(provider.getByTestId('menu-unread')).toHaveCount(0);
});
