import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { testUser } from '../../src/server/testing/marketplace';
import { callTrpc, createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';

/**
 * Presence (who is online now) is for signed-in users, about the users on their screen. A visitor
 * must not receive a stream of every user's comings and goings, and no one may ask for everyone.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Reply = {
  id: number;
  result?: { type: string; data?: { data: { userId: string } } };
  error?: { data?: { code: string } };
};

/** Opens the socket (signed in with `cookie`, or as a visitor) and starts presence.events with `input`. */
async function watchPresence(input: unknown, cookie?: string) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  const replies: Reply[] = [];
  ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as Reply));
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'presence.events', input } }));
  await expect.poll(() => replies.length).toBeGreaterThan(0);
  const heard = () => replies.filter((r) => r.result?.type === 'data').map((r) => r.result!.data!.data.userId);
  return { first: replies[0]!, heard, close: () => ws.terminate() };
}

describe('presence is for signed-in users, about the users on screen', () => {
  it('a visitor cannot subscribe to presence changes at all', async () => {
    const someone = await testUser(app);
    const visitor = await watchPresence({ userIds: [someone.id] });
    expect(visitor.first.error?.data?.code).toBe('UNAUTHORIZED');
    await callTrpc(app, 'presence.heartbeat', { cookie: someone.cookie });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(visitor.heard()).toEqual([]);
    visitor.close();
  });

  it('a visitor’s old-style subscription without ids receives nobody’s presence', async () => {
    const someone = await testUser(app);
    const visitor = await watchPresence(undefined);
    await callTrpc(app, 'presence.heartbeat', { cookie: someone.cookie });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(visitor.first.result?.type).not.toBe('started');
    expect(visitor.heard()).toEqual([]);
    visitor.close();
  });

  it('a visitor cannot read anyone’s presence records', async () => {
    const someone = await testUser(app);
    await callTrpc(app, 'presence.heartbeat', { cookie: someone.cookie });
    const read = await callTrpc(app, 'presence.of', { input: { userIds: [someone.id] } });
    expect(read.status).toBe(401);
    expect(read.data).toBeUndefined();
  });

  it('a signed-in user hears only the users they asked about, never everyone', async () => {
    const [viewer, shown, other] = [await testUser(app), await testUser(app), await testUser(app)];
    const watching = await watchPresence({ userIds: [shown.id] }, viewer.cookie);
    expect(watching.first.result?.type).toBe('started');
    await callTrpc(app, 'presence.heartbeat', { cookie: other.cookie });
    await callTrpc(app, 'presence.heartbeat', { cookie: shown.cookie });
    await expect.poll(() => watching.heard()).toContain(shown.id);
    expect(watching.heard()).not.toContain(other.id);
    watching.close();
  });

  it('a signed-in user cannot ask without ids (the whole channel) or for more than a screen’s worth', async () => {
    const viewer = await testUser(app);
    const everyone = await watchPresence({}, viewer.cookie);
    expect(everyone.first.error?.data?.code).toBe('BAD_REQUEST');
    everyone.close();
    const tooMany = Array.from({ length: 201 }, (_, i) => `user-${i}`);
    const crowd = await watchPresence({ userIds: tooMany }, viewer.cookie);
    expect(crowd.first.error?.data?.code).toBe('BAD_REQUEST');
    crowd.close();
    const read = await callTrpc(app, 'presence.of', { input: { userIds: tooMany }, cookie: viewer.cookie });
    expect(read.status).toBe(400);
  });
});
