import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { testUser } from '../../src/server/testing/marketplace';
import { callTrpc, createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { MUTATION_BURST } from '../../src/server/trpc';

/**
 * One account writing in a loop (over HTTP or the WebSocket) must not be able to flood the
 * server; a person using the site, or the e2e suite, never notices the limit.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const LOOP = 150;
const TOO_QUICK = 'You are making changes too quickly. Please wait a moment and try again.';

describe('mutations are rate limited per user', () => {
  it('a burst of real use passes untouched', async () => {
    const user = await testUser(app);
    for (let i = 0; i < MUTATION_BURST; i++) {
      expect((await callTrpc(app, 'presence.heartbeat', { cookie: user.cookie })).status).toBe(200);
    }
  });

  it('a loop of changes over HTTP is refused with a clear message, and other users are unaffected', async () => {
    const [looping, bystander] = [await testUser(app), await testUser(app)];
    const results = await Promise.all(
      Array.from({ length: LOOP }, () => callTrpc(app, 'presence.heartbeat', { cookie: looping.cookie })),
    );
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(LOOP - MUTATION_BURST - 20);
    expect(refused[0]!.error?.message).toBe(TOO_QUICK);
    expect((await callTrpc(app, 'presence.heartbeat', { cookie: bystander.cookie })).status).toBe(200);
  });

  it('a loop of changes over the WebSocket is refused the same way', async () => {
    const user = await testUser(app);
    const ws: WebSocket = await app.server.injectWS('/api/trpc', {
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    const replies: { id: number; result?: unknown; error?: { message: string; data?: { code: string } } }[] = [];
    ws.on(
      'message',
      (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as (typeof replies)[0]),
    );
    for (let id = 1; id <= LOOP; id++) {
      ws.send(JSON.stringify({ id, method: 'mutation', params: { path: 'presence.heartbeat' } }));
    }
    await expect.poll(() => replies.length, { timeout: 20_000 }).toBe(LOOP);
    const refused = replies.filter((r) => r.error?.data?.code === 'TOO_MANY_REQUESTS');
    expect(refused.length).toBeGreaterThan(LOOP - MUTATION_BURST - 20);
    expect(refused[0]!.error?.message).toBe(TOO_QUICK);
    ws.terminate();
  });
});
