import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_CALLS_PER_FRAME,
  MAX_SOCKETS_PER_ADDRESS,
  TOO_MANY_CALLS_CLOSE_CODE,
  MAX_SOCKETS_PER_USER,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_REASON,
} from '../../src/server/realtime/live-sockets';
import { testUser } from '../../src/server/testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';

/**
 * Every open WebSocket costs the server memory and a watch on its session. One address may hold
 * MAX_SOCKETS_PER_ADDRESS (refused with 429 before the upgrade beyond that), one user MAX_SOCKETS_PER_USER (the extra
 * socket is closed with a clear reason); a closed socket frees its place.
 */
let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/**
 * A real socket over the network (so both ends see a close at once), from 127.0.0.1. Resolves once open, rejects
 * with the server's status if the upgrade is refused.
 */
async function connect(cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/trpc`, { headers });
  let closed: { code: number; reason: string } | null = null;
  ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    ws.once('error', reject);
  });
  if (cookie) {
    // The server reads the socket's session (and counts it for its user) before it answers anything: wait for that,
    // so sockets are counted in the order they were opened (PostgreSQL answers concurrent look-ups in any order).
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.once('close', () => resolve());
      ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'accounts.me' } }));
    });
  }
  return { ws, closed: () => closed };
}

/** Closes `socket` and waits until the server has let it go. */
async function closeAndWait(socket: Awaited<ReturnType<typeof connect>>) {
  socket.ws.close();
  await expect.poll(() => socket.closed(), { timeout: 3000 }).not.toBeNull();
}

describe('open WebSockets are capped', () => {
  it(`one address holds at most ${MAX_SOCKETS_PER_ADDRESS} sockets; the next is refused with 429; closing one frees a place`, async () => {
    const sockets = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) sockets.push(await connect());
      await expect(connect()).rejects.toThrow('refused: 429');
      await closeAndWait(sockets.shift()!);
      sockets.push(await connect());
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  });

  it(`one user holds at most ${MAX_SOCKETS_PER_USER} sockets; the next is closed with a reason; closing one frees a place`, async () => {
    const user = await testUser(app);
    const sockets = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await connect(user.cookie));
      const extra = await connect(user.cookie);
      await expect
        .poll(() => extra.closed(), { timeout: 3000 })
        .toEqual({
          code: TOO_MANY_SOCKETS_CLOSE_CODE,
          reason: TOO_MANY_SOCKETS_REASON,
        });
      // Another user is not affected, and none of the first user's sockets was closed.
      const other = await connect((await testUser(app)).cookie);
      sockets.push(other);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sockets.filter((s) => s.closed() !== null)).toEqual([]);
      await closeAndWait(sockets.shift()!);
      const again = await connect(user.cookie);
      sockets.push(again);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again.closed()).toBeNull();
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  });

  it(`one message carries at most ${MAX_CALLS_PER_FRAME} calls: a frame of thousands closes the socket unanswered`, async () => {
    const user = await testUser(app);
    const batch = (n: number, from: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({ id: from + i, method: 'query', params: { path: 'accounts.me' } })),
      );
    const page = await connect(user.cookie);
    const answers: unknown[] = [];
    page.ws.on('message', (data) => String(data) !== 'PING' && answers.push(data));
    try {
      // What a page may batch (a reconnect resending its subscriptions and calls) is answered in full.
      page.ws.send(batch(MAX_CALLS_PER_FRAME, 100));
      await expect.poll(() => answers.length, { timeout: 5000 }).toBe(MAX_CALLS_PER_FRAME);
      answers.length = 0;
      page.ws.send(batch(5000, 10_000));
      await expect
        .poll(() => page.closed(), { timeout: 3000 })
        .toEqual({ code: TOO_MANY_CALLS_CLOSE_CODE, reason: 'Too many calls in one message' });
      expect(answers).toEqual([]);
    } finally {
      page.ws.terminate();
    }
  });
});
