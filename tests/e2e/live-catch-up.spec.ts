import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { signInAsNewUser } from './helpers';

/**
 * The page's live socket, passed through to the server until `drop()`: then it is closed, and the page's reconnect
 * reaches nothing (what it sends is held) until `restore()` connects it, as a network that comes back would.
 * Playwright's offline mode leaves sockets be.
 */
async function droppableSocket(page: Page) {
  let away = false;
  let sent = 0;
  const open: WebSocketRoute[] = [];
  const waiting: (() => void)[] = [];
  await page.routeWebSocket(/\/api\/trpc/, (socket) => {
    let server: WebSocketRoute | null = null;
    const held: (string | Buffer)[] = [];
    socket.onMessage((message) => {
      sent += 1;
      if (server) server.send(message);
      else held.push(message);
    });
    socket.onClose(() => void server?.close());
    const connect = () => {
      server = socket.connectToServer();
      server.onMessage((message) => socket.send(message));
      server.onClose((code, reason) => void socket.close({ code, reason }));
      for (const message of held.splice(0)) server.send(message);
    };
    open.push(socket);
    if (away) waiting.push(connect);
    else connect();
  });
  return {
    // Its subscriptions sent, not just the socket opened: a socket dropped before the client has sent them is one it
    // does not reopen (tRPC's lazy client reconnects for subscriptions in flight only).
    connected: () =>
      expect.poll(() => sent, { message: 'the page subscribed over its live socket' }).toBeGreaterThan(0),
    async drop() {
      away = true;
      for (const socket of open.splice(0)) await socket.close();
      await expect
        .poll(() => waiting.length, { message: 'the page tried to reconnect', timeout: BACK_ONLINE_MS })
        .toBeGreaterThan(0);
    },
    restore() {
      away = false;
      for (const connect of waiting.splice(0)) connect();
    },
  };
}

/** The catch-up's reads, on a machine the other tests keep busy. */
const BACK_ONLINE_MS = 15_000;

test.describe('after the live socket reconnects, what changed meanwhile shows without a reload', () => {
  test('a portfolio item added while a visitor’s socket was away', async ({ page, browser }) => {
    const owner = await signInAsNewUser(page, { firstName: 'Cora', lastName: 'Maker' });
    const visitor = await (await browser.newContext()).newPage();
    const socket = await droppableSocket(visitor);
    await visitor.goto(`/profile/${owner.userId}`);
    await expect(visitor.getByRole('heading', { name: 'Cora Maker' })).toBeVisible();
    await socket.connected();

    await socket.drop();
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('form', { name: 'Add Item' }).getByLabel('Title').fill('Kite frame');
    await page.getByRole('form', { name: 'Add Item' }).getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Portfolio item added successfully')).toBeVisible();
    // Nothing reached the visitor: the item is not there before the socket is back.
    await expect(visitor.getByRole('article', { name: 'Kite frame' })).toBeHidden();

    socket.restore();
    await expect(visitor.getByRole('article', { name: 'Kite frame' })).toBeVisible({ timeout: BACK_ONLINE_MS });
  });

  test('my own profile changed from another device while this tab’s socket was away', async ({ page }) => {
    await signInAsNewUser(page, { firstName: 'Dana', lastName: 'Owl' });
    const socket = await droppableSocket(page);
    await page.goto('/my-profile');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await socket.connected();

    await socket.drop();
    // Another device: the same account's session, saving a new school.
    const saved = await page.request.post('/api/trpc/profiles.update', {
      data: { firstName: 'Dana', lastName: 'Owl', bio: '', school: 'Harbour College', dateOfBirth: '2000-01-01' },
    });
    expect(saved.ok()).toBe(true);
    await expect(page.getByText('Harbour College')).toBeHidden();

    socket.restore();
    await expect(page.getByText('Harbour College')).toBeVisible({ timeout: BACK_ONLINE_MS });
  });
});
