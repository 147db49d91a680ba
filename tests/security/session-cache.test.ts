import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache, type CachedSession, type UnrememberedSession } from '../../src/server/auth/session-cache';
import { createInProcessEventBus } from '../../src/server/realtime/event-bus';
import { testUser } from '../../src/server/testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { authPost, changePasswordSigningOutOthers, deleteOwnAccount, secondDevice } from './helpers';

/**
 * The session is remembered for a few seconds so a chat message costs one statement, not a
 * session lookup. A remembered session must never outlive its end: each way a session ends is tried right after
 * the cache was warmed, and the next call with the old cookie must be refused.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A signed-in query over HTTP; its status says whether the session still holds. */
async function myProfileStatus(cookie: string) {
  const response = await app.server.inject({
    method: 'GET',
    url: '/api/trpc/profiles.mine',
    headers: { origin: TEST_ORIGIN, cookie },
  });
  return response.statusCode;
}

/** Two calls: the second is answered from the remembered session. */
async function warm(cookie: string) {
  expect(await myProfileStatus(cookie)).toBe(200);
  expect(await myProfileStatus(cookie)).toBe(200);
}

describe('a remembered session ends when the session ends', () => {
  it('sign-out: the old cookie is refused on the very next call', async () => {
    const user = await testUser(app);
    await warm(user.cookie);
    expect((await authPost(app, 'sign-out', user.cookie)).statusCode).toBe(200);
    expect(await myProfileStatus(user.cookie)).toBe(401);
  });

  it('sign-out while other calls of the same session are in flight leaves nothing usable', async () => {
    const user = await testUser(app);
    await warm(user.cookie);
    const racing = Array.from({ length: 10 }, () => myProfileStatus(user.cookie));
    expect((await authPost(app, 'sign-out', user.cookie)).statusCode).toBe(200);
    await Promise.all(racing);
    expect(await myProfileStatus(user.cookie)).toBe(401);
  });

  it('"sign out other devices": the other device is refused at once, this one keeps working', async () => {
    const user = await testUser(app);
    const other = await secondDevice(app, user);
    await warm(other);
    expect((await authPost(app, 'revoke-other-sessions', user.cookie)).statusCode).toBe(200);
    expect(await myProfileStatus(other)).toBe(401);
    expect(await myProfileStatus(user.cookie)).toBe(200);
  });

  it('a password change with other devices signed out refuses them at once', async () => {
    const user = await testUser(app);
    const other = await secondDevice(app, user);
    await warm(other);
    const changed = await changePasswordSigningOutOthers(app, user.cookie);
    expect(changed.statusCode).toBe(200);
    expect(await myProfileStatus(other)).toBe(401);
  });

  it('account deletion refuses every session of the account at once', async () => {
    const user = await testUser(app);
    const other = await secondDevice(app, user);
    await warm(user.cookie);
    await warm(other);
    const deleted = await deleteOwnAccount(app, user);
    expect(deleted.status).toBe(200);
    expect(await myProfileStatus(user.cookie)).toBe(401);
    expect(await myProfileStatus(other)).toBe(401);
  });

  it('a look-alike cookie planted beside the real one never becomes a key to the victim’s session', async () => {
    const victim = await testUser(app);
    const planted = 'x.session_token=attacker-chosen-key';
    // The victim's browser sends the planted cookie first, then the real one; the victim is served as usual.
    expect(await myProfileStatus(`${planted}; ${victim.cookie}`)).toBe(200);
    expect(await myProfileStatus(`${planted}; ${victim.cookie}`)).toBe(200);
    // The attacker, holding only the planted cookie, is nobody.
    expect(await myProfileStatus(planted)).toBe(401);
    expect(await myProfileStatus(`${planted.replace('x.', '__Secure-x.')}`)).toBe(401);
  });

  it('a second cookie of the same name planted beside the real one is never remembered as the victim', async () => {
    const victim = await testUser(app);
    const name = victim.cookie.slice(0, victim.cookie.indexOf('='));
    const planted = `${name}=attacker-chosen-key`;
    await myProfileStatus(`${planted}; ${victim.cookie}`);
    await myProfileStatus(`${victim.cookie}; ${planted}`);
    expect(await myProfileStatus(planted)).toBe(401);
  });

  it('a forged cookie is never answered from another session’s memory', async () => {
    const user = await testUser(app);
    await warm(user.cookie);
    const forged = user.cookie.replace(/session_token=([^;.]+)/, (_, token: string) => `session_token=${token}x`);
    expect(forged).not.toBe(user.cookie);
    expect(await myProfileStatus(forged)).toBe(401);
  });
});

describe('a session the cache is told not to remember', () => {
  it('answers the request that loaded it and is loaded again on the next, unlike a remembered one', async () => {
    const cache = createSessionCache(createInProcessEventBus());
    /** How many times two reads under one token load the session. */
    async function loadsOfTwoReads(token: string, loaded: CachedSession<string> | UnrememberedSession<string>) {
      let loads = 0;
      for (let read = 0; read < 2; read++) {
        const session = await cache.read(token, async () => {
          loads++;
          return loaded;
        });
        expect(session).toBe('victim');
      }
      return loads;
    }
    try {
      // As a session better-auth found under another cookie than the token (a planted look-alike) is handed over.
      expect(await loadsOfTwoReads('planted', { value: 'victim', remember: false })).toBe(2);
      const expiresAt = new Date(Date.now() + 60_000);
      expect(await loadsOfTwoReads('real', { value: 'victim', sessionId: 'session-1', expiresAt })).toBe(1);
    } finally {
      cache.close();
    }
  });
});
