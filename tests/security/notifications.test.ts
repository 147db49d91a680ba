import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { NOTIFICATION_LIMITS } from '../../src/domain/notifications';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { callRaw, createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { CATEGORY_ID, expectSameRows, snapshot } from './helpers';

/**
 * The notification centre is the caller's own: nothing takes a user id, another member's item cannot be read or
 * marked by id, and the live channel delivers only the caller's own items.
 */
let app: TestApp;
let victim: TestUser;
let attacker: TestUser;
let victimItemId: string;

const TABLES = ['notifications'];
const as = (who: TestUser | null, path: string, input?: unknown, method: 'GET' | 'POST' = 'GET') =>
  callRaw(app, path, { method, input, cookie: who?.cookie });

/** A service of `provider` requested by `client`: the provider's service_requested item. */
async function requestService(provider: TestUser, client: TestUser) {
  const service = await as(
    provider,
    'services.create',
    {
      title: `Guitar lessons ${Math.random().toString(36).slice(2, 7)}`,
      description: 'Chords, strumming and a first song.',
      category_id: CATEGORY_ID,
      price: 20,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    },
    'POST',
  );
  const { id } = service.data as { id: string };
  await as(client, 'conversations.request', { serviceId: id }, 'POST');
  await app.events.drain();
}

beforeAll(async () => {
  app = await createTestApp();
  victim = await testUser(app, { firstName: 'Vera' });
  attacker = await testUser(app, { firstName: 'Mallory' });
  await requestService(victim, await testUser(app));
  const { rows } = await app.database.db.execute<{ id: string }>(
    sql`select id from notifications where recipient_id = ${victim.id} and kind = 'service_requested'`,
  );
  victimItemId = rows[0]!.id;
});
afterAll(() => app?.close());

/** notifications.events over the site's WebSocket, collecting every event it delivers. */
async function watch(who: TestUser | null, input: unknown) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });
  type Reply = { result?: { type: string; data?: { data: unknown } }; error?: { data?: { code: string } } };
  const replies: Reply[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') replies.push(JSON.parse(text) as Reply);
  });
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'notifications.events', input } }));
  await expect.poll(() => replies.length, { timeout: 5_000 }).toBeGreaterThan(0);
  return {
    first: () => replies[0]!,
    data: () => replies.filter((r) => r.result?.type === 'data').map((r) => r.result!.data!.data),
    close: () => ws.terminate(),
  };
}

describe('signed out', () => {
  it('cannot list, count, mark or subscribe; nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    expect((await as(null, 'notifications.list', {})).status).toBe(401);
    expect((await as(null, 'notifications.unreadCount')).status).toBe(401);
    expect((await as(null, 'notifications.markRead', { id: victimItemId }, 'POST')).status).toBe(401);
    expect((await as(null, 'notifications.markAllRead', undefined, 'POST')).status).toBe(401);
    const socket = await watch(null, {});
    expect(socket.first().error?.data?.code).toBe('UNAUTHORIZED');
    socket.close();
    expectSameRows(before, await snapshot(app, TABLES), 'signed-out notification calls');
  });
});

describe("another member's notifications", () => {
  it("list and unreadCount answer the caller's own, whatever user id the input names", async () => {
    const asked = await as(attacker, 'notifications.list', { userId: victim.id, recipientId: victim.id });
    expect(asked.status).toBe(200);
    expect(JSON.stringify(asked.data)).not.toContain(victimItemId);
    expect((await as(attacker, 'notifications.unreadCount', { userId: victim.id })).data).toMatchObject({
      count: 0,
    });
  });

  it("markRead of the victim's item answers as for an unknown id and changes no row", async () => {
    const before = await snapshot(app, TABLES);
    const theirs = await as(attacker, 'notifications.markRead', { id: victimItemId }, 'POST');
    const unknown = await as(attacker, 'notifications.markRead', { id: crypto.randomUUID() }, 'POST');
    expect(theirs.status).toBe(200);
    expect(theirs.data).toEqual(unknown.data);
    expectSameRows(before, await snapshot(app, TABLES), "markRead of another member's item");
  });

  it("markAllRead reads the caller's items only", async () => {
    const before = await snapshot(app, TABLES);
    expect((await as(attacker, 'notifications.markAllRead', { userId: victim.id }, 'POST')).status).toBe(200);
    expectSameRows(before, await snapshot(app, TABLES), 'markAllRead by another member');
  });

  it("the live channel delivers the caller's own items only, whatever channel or user the input names", async () => {
    const socket = await watch(attacker, {
      userId: victim.id,
      channel: `notifications:${victim.id}`,
      lastEventId: null,
    });
    expect(socket.first().error).toBeUndefined();
    const victimSocket = await watch(victim, {});
    await requestService(victim, await testUser(app));
    await expect.poll(() => victimSocket.data().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(socket.data()).toEqual([]);
    // The attacker's own item arrives on theirs.
    await requestService(attacker, await testUser(app));
    await expect.poll(() => socket.data().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(JSON.stringify(socket.data())).not.toContain(victimItemId);
    socket.close();
    victimSocket.close();
  });
});

describe('malformed and oversized input', () => {
  const refusedMarks: [string, unknown][] = [
    ['no input', undefined],
    ['no id', {}],
    ['a number', { id: 42 }],
    ['not a uuid', { id: 'abc' }],
    ['100,000 characters', { id: 'a'.repeat(100_000) }],
    ['an array', { id: [victimItemId] }],
    ['a NUL character', { id: `${victimItemId}\u0000` }],
  ];
  it.each(refusedMarks)('markRead refuses %s with 400 and changes nothing', async (_what, input) => {
    const before = await snapshot(app, TABLES);
    const result = await as(victim, 'notifications.markRead', input, 'POST');
    expect(result.status).toBe(400);
    expectSameRows(before, await snapshot(app, TABLES), 'a refused markRead');
  });

  const refusedLists: [string, unknown][] = [
    ['a page over the maximum', { limit: NOTIFICATION_LIMITS.pageMax + 1 }],
    ['a page of 0', { limit: 0 }],
    ['a fractional page', { limit: 2.5 }],
    ['a malformed cursor', { cursor: { updatedAt: 'yesterday', id: victimItemId } }],
    ['a cursor with a huge id', { cursor: { updatedAt: new Date().toISOString(), id: 'x'.repeat(100_000) } }],
    ['a string cursor', { cursor: 'x'.repeat(10_000) }],
  ];
  it.each(refusedLists)('list refuses %s with 400', async (_what, input) => {
    expect((await as(victim, 'notifications.list', input)).status).toBe(400);
  });

  it('a list page is bounded whatever the member holds', async () => {
    const result = await as(victim, 'notifications.list', { limit: NOTIFICATION_LIMITS.pageMax });
    expect((result.data as { items: unknown[] }).items.length).toBeLessThanOrEqual(NOTIFICATION_LIMITS.pageMax);
  });
});
