import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { sessions, users } from '../../src/server/db/schema/auth';
import { profilesChannels } from '../../src/server/features/profiles/profiles.channels';
import { testUser } from '../../src/server/testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { authPost, changePasswordSigningOutOthers, deleteOwnAccount, secondDevice } from './helpers';

/**
 * A session that ends (sign-out, password change, "sign out other devices", account or admin
 * deletion) must not keep a live WebSocket. Within a second the server closes every socket of that session, and
 * nothing more is answered on it meanwhile.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Reply = { id: number; result?: { type: string; data?: unknown }; error?: { data?: { code: string } } };

/** A tab's socket, signed in with `cookie`, with one running subscription (its own profile events). */
async function openTab(cookie: string) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers: { origin: TEST_ORIGIN, cookie } });
  const replies: Reply[] = [];
  let closedAt: number | null = null;
  ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as Reply));
  ws.on('close', () => (closedAt ??= Date.now()));
  let nextId = 1;
  const call = async (method: 'query' | 'mutation' | 'subscription', path: string, input?: unknown) => {
    const id = nextId++;
    ws.send(JSON.stringify({ id, method, params: { path, input } }));
    await expect.poll(() => replies.find((r) => r.id === id) ?? closedAt, { timeout: 3000 }).toBeTruthy();
    return replies.find((r) => r.id === id) ?? null;
  };
  const started = await call('subscription', 'profiles.events');
  expect(started?.result?.type).toBe('started');
  return { ws, call, closedAt: () => closedAt, replies };
}

/** Asserts the server closed the tab's socket within a second of `endedAt`. */
async function expectClosedWithinASecond(tab: Awaited<ReturnType<typeof openTab>>, endedAt: number) {
  await expect.poll(() => tab.closedAt(), { timeout: 2000, interval: 20 }).not.toBeNull();
  expect(tab.closedAt()! - endedAt).toBeLessThan(1000);
}

describe('a session that ends loses its live sockets', () => {
  it('signing out closes every open socket of that session (the other tabs) within a second', async () => {
    const user = await testUser(app);
    const tab = await openTab(user.cookie);
    const endedAt = Date.now();
    expect((await authPost(app, 'sign-out', user.cookie)).statusCode).toBe(200);
    await expectClosedWithinASecond(tab, endedAt);
  });

  it('after sign-out, a query or mutation sent on the old socket at once is refused', async () => {
    const user = await testUser(app);
    const tab = await openTab(user.cookie);
    await authPost(app, 'sign-out', user.cookie);
    const me = await tab.call('query', 'profiles.mine');
    const beat = await tab.call('mutation', 'presence.heartbeat');
    // Refused, or the socket is already gone: never answered as the signed-out user.
    expect(me?.result).toBeUndefined();
    expect(beat?.result).toBeUndefined();
    if (me) expect(me.error?.data?.code).toBe('UNAUTHORIZED');
  });

  it('changing the password (other devices signed out) closes the other devices’ sockets', async () => {
    const user = await testUser(app);
    const other = await openTab(await secondDevice(app, user));
    const changed = await changePasswordSigningOutOthers(app, user.cookie);
    // The sessions end when the change answers: hashing the new password before it takes longer on a busy machine.
    const endedAt = Date.now();
    expect(changed.statusCode).toBe(200);
    await expectClosedWithinASecond(other, endedAt);
  });

  it('"sign out other devices" closes their sockets and keeps this one', async () => {
    const user = await testUser(app);
    const mine = await openTab(user.cookie);
    const other = await openTab(await secondDevice(app, user));
    const endedAt = Date.now();
    expect((await authPost(app, 'revoke-other-sessions', user.cookie)).statusCode).toBe(200);
    await expectClosedWithinASecond(other, endedAt);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(mine.closedAt()).toBeNull();
    expect((await mine.call('query', 'profiles.mine'))?.result?.type).toBe('data');
  });

  it('deleting the account closes every socket of the account', async () => {
    const user = await testUser(app);
    const tabs = [await openTab(user.cookie), await openTab(await secondDevice(app, user))];
    const endedAt = Date.now();
    const deleted = await deleteOwnAccount(app, user);
    expect(deleted.status).toBe(200);
    for (const tab of tabs) await expectClosedWithinASecond(tab, endedAt);
  });

  it('an account deleted by an admin (its row removed, sessions cascading) loses its sockets within a second', async () => {
    const user = await testUser(app);
    const tab = await openTab(user.cookie);
    const endedAt = Date.now();
    await app.database.db.delete(users).where(eq(users.id, user.id));
    await expectClosedWithinASecond(tab, endedAt);
  });

  it('a session row removed by any other path (expired, revoked elsewhere) closes its socket within a second', async () => {
    const user = await testUser(app);
    const tab = await openTab(user.cookie);
    const endedAt = Date.now();
    await app.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expectClosedWithinASecond(tab, endedAt);
  });

  it('a running subscription stops delivering once its session is gone', async () => {
    const user = await testUser(app);
    const tab = await openTab(user.cookie);
    await authPost(app, 'sign-out', user.cookie);
    await expect.poll(() => tab.closedAt(), { timeout: 2000 }).not.toBeNull();
    const before = tab.replies.length;
    // What the attacker's old tab would still hear: the user's profile changing.
    app.bus.publish(profilesChannels.profile(user.id), { type: 'profile-updated' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tab.replies.slice(before).filter((r) => r.result?.type === 'data')).toEqual([]);
  });
});

describe('live updates only over the tracked WebSocket', () => {
  /**
   * tRPC also serves subscriptions as HTTP event streams (GET with Accept: text/event-stream). No socket tracks
   * such a stream: with a stolen cookie it would keep streaming after sign-out and skip every cap on live updates.
   */
  it('a subscription requested as an HTTP event stream is refused, and nothing streams after sign-out', async () => {
    const user = await testUser(app);
    const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const response = await fetch(`${base}/api/trpc/profiles.events`, {
        headers: { accept: 'text/event-stream', origin: TEST_ORIGIN, cookie: user.cookie },
        signal: abort.signal,
      });
      // Read what the server sends; an open stream never ends on its own.
      const reader = response.body!.getReader();
      let body = '';
      const ended = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return true;
          body += new TextDecoder().decode(value);
        }
      })().catch(() => false);
      await authPost(app, 'sign-out', user.cookie);
      app.bus.publish(profilesChannels.profile(user.id), { type: 'profile-updated' });
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1500));
      const refused = response.status >= 400 || (await Promise.race([ended, timeout]));
      expect(refused, `the event stream stayed open: ${response.status} ${body}`).toBe(true);
      expect(body).not.toContain('profile-updated');
    } finally {
      abort.abort();
    }
  });
});
