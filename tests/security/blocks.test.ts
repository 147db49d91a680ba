/**
 * Blocking: the procedures are the caller's own (signed out refused, malformed or oversized ids refused, blocking
 * oneself refused, nothing written); a blocked member's send is refused over the WebSocket as over HTTP; and the
 * blocked side never learns of the block: not from status, the list, the ids, nor its own live channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '../../src/domain/blocks';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../src/server/testing/test-app';
import { expectSameRows, openSocket, snapshot, type TestUser } from './helpers';

let app: TestApp;
let blocker: TestUser;
let blocked: TestUser;
let conversationId: string;
const { call, callRaw, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  blocker = await testUser(app, { firstName: 'Bea' });
  blocked = await testUser(app, { firstName: 'Ben' });
  const service = await ok(blocker, 'services.create', {
    title: 'Piano lessons',
    description: 'Scales, chords and a first piece.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price: 25,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  conversationId = (await ok(blocked, 'conversations.request', { serviceId: service.id })).id;
  await ok(blocker, 'blocks.block', { userId: blocked.id });
}, 60_000);
afterAll(() => app?.close());

describe('who may call', () => {
  it('a visitor is refused every block procedure, and nothing changes', async () => {
    const before = await snapshot(app, ['user_blocks']);
    for (const [path, input] of [
      ['blocks.block', { userId: blocked.id }],
      ['blocks.unblock', { userId: blocked.id }],
      ['blocks.list', {}],
      ['blocks.ids', undefined],
      ['blocks.status', { userId: blocked.id }],
    ] as const) {
      expect((await callRaw(null, path, input)).status, path).toBe(401);
    }
    expectSameRows(before, await snapshot(app, ['user_blocks']), 'a visitor’s block calls');
  });

  it('malformed and oversized ids are refused with a 400, and nothing is written', async () => {
    const before = await snapshot(app, ['user_blocks']);
    for (const input of [{}, { userId: '' }, { userId: 42 }, { userId: 'x'.repeat(101) }, { userId: null }, null]) {
      for (const path of ['blocks.block', 'blocks.unblock', 'blocks.status']) {
        expect((await callRaw(blocker, path, input)).status, `${path} ${JSON.stringify(input)}`).toBe(400);
      }
    }
    expect((await callRaw(blocker, 'blocks.list', { cursor: { createdAt: 'yesterday', userId: 'x' } })).status).toBe(
      400,
    );
    expectSameRows(before, await snapshot(app, ['user_blocks']), 'malformed block calls');
  });

  it('blocking oneself is refused, with any spelling of one’s own id the schema accepts', async () => {
    for (const userId of [blocked.id, ` ${blocked.id} `]) {
      const result = await call(blocked, 'blocks.block', { userId });
      expect(result.status).toBe(400);
      expect(result.error?.message).toBe(BLOCK_MESSAGES.cannotBlockSelf);
    }
    expect(await ok(blocked, 'blocks.ids')).toEqual([]);
  });

  it('an unblock names only the caller’s own block: the blocked member cannot lift it', async () => {
    await ok(blocked, 'blocks.unblock', { userId: blocker.id });
    expect(await ok(blocker, 'blocks.status', { userId: blocked.id })).toEqual({ blocked: true });
    const extra = await callRaw(blocked, 'blocks.unblock', { userId: blocker.id, blockerId: blocker.id });
    expect(extra.status).toBe(200);
    expect(await ok(blocker, 'blocks.status', { userId: blocked.id })).toEqual({ blocked: true });
  });
});

describe('the WebSocket path', () => {
  it('a blocked member’s send over the socket is refused with the neutral text, and stores nothing', async () => {
    const socket = await openSocket(app, blocked);
    try {
      const reply = await socket.call('mutation', 'conversations.send', {
        id: conversationId,
        text: 'Over the socket',
      });
      expect(reply.error?.message).toBe(BLOCK_MESSAGES.cannotSend);
      expect(reply.error?.data?.httpStatus).toBe(409);
    } finally {
      socket.close();
    }
    const texts = (await ok(blocker, 'conversations.messages', { id: conversationId })).map((m) => m.text);
    expect(texts).not.toContain('Over the socket');
  });

  it('the blocker’s send over the socket is refused with the blocker’s text', async () => {
    const socket = await openSocket(app, blocker);
    try {
      const reply = await socket.call('mutation', 'conversations.send', { id: conversationId, text: 'Bye' });
      expect(reply.error?.message).toBe(BLOCK_MESSAGES.youBlocked);
    } finally {
      socket.close();
    }
  });
});

describe('the blocked side never learns', () => {
  it('their status, list and ids say nothing about the block', async () => {
    expect(await ok(blocked, 'blocks.status', { userId: blocker.id })).toEqual({ blocked: false });
    expect(await ok(blocked, 'blocks.list', {})).toEqual({ items: [], nextCursor: null });
    expect(await ok(blocked, 'blocks.ids')).toEqual([]);
  });

  it('their own live channel carries nothing when they are blocked or unblocked', async () => {
    const socket = await openSocket(app, blocked);
    const watcher = await openSocket(app, blocker);
    try {
      const started = await socket.subscribe('blocks.events', {});
      expect(started.error).toBeUndefined();
      const mine = await watcher.subscribe('blocks.events', {});
      expect(mine.error).toBeUndefined();
      socket.ws.send(JSON.stringify({ id: 99, method: 'subscription', params: { path: 'blocks.events', input: {} } }));
      watcher.ws.send(JSON.stringify({ id: 99, method: 'subscription', params: { path: 'blocks.events', input: {} } }));
      await expect.poll(() => socket.repliesOf(99).length).toBeGreaterThan(0);
      await expect.poll(() => watcher.repliesOf(99).length).toBeGreaterThan(0);
      await ok(blocker, 'blocks.unblock', { userId: blocked.id });
      await ok(blocker, 'blocks.block', { userId: blocked.id });
      // The blocker's own tab hears both: by then the blocked side would have too.
      await expect.poll(() => watcher.repliesOf(99).filter((r) => r.result?.type === 'data').length).toBe(2);
      expect(socket.repliesOf(99).filter((r) => r.result?.type === 'data')).toEqual([]);
    } finally {
      socket.close();
      watcher.close();
    }
  });

  it('a visitor cannot subscribe to a blocks channel', async () => {
    const socket = await openSocket(app, null);
    try {
      expect((await socket.subscribe('blocks.events', {})).error?.data?.code).toBe('UNAUTHORIZED');
    } finally {
      socket.close();
    }
  });
});
