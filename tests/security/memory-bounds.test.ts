import { randomBytes, randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { defineChannel } from '../../src/server/realtime/channels';
import { conversationsChannels } from '../../src/server/features/conversations/conversations.channels';
import { profilesChannels } from '../../src/server/features/profiles/profiles.channels';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';

/**
 * A few requests must not exhaust the server's memory. createTestApp runs the server in this
 * process, so the process's memory is the server's: each attack is measured before and after (after a full garbage
 * collection, so only what the server keeps counts) and must stay bounded.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
/** What the server holds: the heap, plus buffers outside it (socket queues), and the process's resident size. */
function measure() {
  collectGarbage();
  collectGarbage();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, held: heapUsed + external };
}
function growth(before: ReturnType<typeof measure>) {
  const after = measure();
  return { rss: (after.rss - before.rss) / MB, held: (after.held - before.held) / MB };
}

type Reply = { id: number; result?: { type: string }; error?: { message: string; data?: { code: string } } };

async function openSocket(cookie: string) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers: { origin: TEST_ORIGIN, cookie } });
  const replies: Reply[] = [];
  let closed = false;
  ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as Reply));
  ws.on('close', () => (closed = true));
  return { ws, replies, closed: () => closed };
}

describe('the server’s memory stays bounded under attack', () => {
  it('a socket cannot open unlimited subscriptions: beyond 100 they are refused with a clear message', async () => {
    const user = await testUser(app);
    const socket = await openSocket(user.cookie);
    const before = measure();
    for (let id = 1; id <= 300; id++) {
      socket.ws.send(JSON.stringify({ id, method: 'subscription', params: { path: 'profiles.events' } }));
    }
    await expect.poll(() => socket.replies.length, { timeout: 20_000 }).toBe(300);
    const started = socket.replies.filter((r) => r.result?.type === 'started');
    const refused = socket.replies.filter((r) => r.error?.data?.code === 'TOO_MANY_REQUESTS');
    expect(started).toHaveLength(100);
    expect(refused).toHaveLength(200);
    expect(refused[0]!.error!.message).toBe('Too many live updates are open on this page. Please reload the page.');
    // A stopped subscription frees its place.
    socket.ws.send(JSON.stringify({ id: started[0]!.id, method: 'subscription.stop' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.ws.send(JSON.stringify({ id: 1000, method: 'subscription', params: { path: 'profiles.events' } }));
    await expect.poll(() => socket.replies.find((r) => r.id === 1000)?.result?.type).toBe('started');
    expect(growth(before).held).toBeLessThan(32);
    socket.ws.terminate();
  });

  it('a socket that never reads is closed once its unsent data passes a bound, instead of filling memory', async () => {
    const user = await testUser(app);
    const socket = await openSocket(user.cookie);
    socket.ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'profiles.events' } }));
    await expect.poll(() => socket.replies.length).toBe(1);
    socket.ws.pause();
    const before = measure();
    // 60 MB of live events for that user (as a busy conversation would send); the client reads none of it.
    const padding = 'x'.repeat(100_000);
    for (let i = 0; i < 600; i++) {
      // Padded past its type on purpose: the size is the point.
      app.bus.publish(defineChannel(profilesChannels.profile(user.id)), { type: 'profile-updated', padding });
      if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const grown = growth(before);
    expect(grown.held).toBeLessThan(24);
    expect(grown.rss).toBeLessThan(48);
    socket.ws.resume();
    await expect.poll(() => socket.closed(), { timeout: 5000 }).toBe(true);
  });

  it('thousands of distinct listing pages do not grow the page cache without bound', async () => {
    const { ok } = trpcAs(app);
    const providers = [await testUser(app), await testUser(app), await testUser(app)];
    const description = 'Patient algebra and geometry tutoring for every level. '.repeat(36);
    for (let i = 0; i < 60; i++) {
      await ok(providers[i % 3]!, 'services.create', {
        title: `Tutoring ${i}`,
        description,
        category_id: SERVICE_CATEGORIES[0]!.id,
        price: 20,
        pricing_type: 'fixed',
        delivery_method: 'virtual',
        service_location: null,
        image_url: '',
      });
    }
    const before = measure();
    const future = Date.now() + 24 * 3600_000;
    for (let i = 0; i < 600; i++) {
      // Every cursor is a different page of the same 60 services: the cache key differs, the page is full.
      const after = new Date(future + i * 1000).toISOString();
      const response = await app.server.inject({
        method: 'GET',
        url: `/api/listings/services?limit=60&after=${encodeURIComponent(after)}&afterId=${randomUUID()}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const grown = growth(before);
    expect(grown.held).toBeLessThan(40);
    // Serving 600 pages of 120 KB leaves garbage the heap keeps room for; only what stays held is the cache's.
    expect(grown.rss).toBeLessThan(160);
  });

  it('events on thousands of channels nobody listens to are not kept', async () => {
    const before = measure();
    for (let c = 0; c < 3000; c++) {
      const channel = [conversationsChannels.conversation, conversationsChannels.inbox, profilesChannels.profile][
        c % 3
      ]!(randomUUID());
      for (let e = 0; e < 20; e++) {
        app.bus.publish(defineChannel(channel), { type: 'message', text: randomBytes(500).toString('hex') });
      }
    }
    const grown = growth(before);
    expect(grown.held).toBeLessThan(24);
  });
});
