import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Reply = { id: number; result?: { type: string }; error?: { message: string; data?: { code: string } } };

/** Opens the tRPC WebSocket as a browser would and starts one subscription; resolves with the first reply. */
async function subscribe(path: string, headers: Record<string, string>) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers });
  const reply = new Promise<Reply>((resolve) =>
    ws.on('message', (data) => String(data) !== 'PING' && resolve(JSON.parse(String(data)) as Reply)),
  );
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path, input: undefined } }));
  const first = await reply;
  ws.terminate();
  return first;
}

describe('live subscriptions over the WebSocket', () => {
  it('a signed-in page of this site subscribes to its session events', async () => {
    const { cookie } = await signUp(app);
    const reply = await subscribe('accounts.sessionEvents', { origin: TEST_ORIGIN, cookie });
    expect(reply.result?.type).toBe('started');
  });

  it('a page of another site is refused, even with the user’s cookie', async () => {
    const { cookie } = await signUp(app);
    const reply = await subscribe('accounts.sessionEvents', { origin: 'https://evil.example', cookie });
    expect(reply.error?.data?.code).toBe('FORBIDDEN');
  });

  it('a visitor cannot subscribe to a signed-in channel', async () => {
    const reply = await subscribe('accounts.sessionEvents', { origin: TEST_ORIGIN });
    expect(reply.error?.data?.code).toBe('UNAUTHORIZED');
  });

  it('a subscription started after sign-out on an old connection is refused', async () => {
    const { cookie } = await signUp(app);
    const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers: { origin: TEST_ORIGIN, cookie } });
    const replies: Reply[] = [];
    ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as Reply));
    // Make the connection's context before signing out.
    ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'profiles.events' } }));
    await expect.poll(() => replies.length).toBe(1);
    await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    ws.send(JSON.stringify({ id: 2, method: 'subscription', params: { path: 'accounts.sessionEvents' } }));
    await expect.poll(() => replies.find((r) => r.id === 2)?.error?.data?.code).toBe('UNAUTHORIZED');
    ws.terminate();
  });
});
