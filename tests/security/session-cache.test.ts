import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, signIn, STRONG_PASSWORD, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';

/**
 * Issue 12, section 3: the session is remembered for a few seconds so a chat message costs one statement, not a
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

function authPost(path: string, cookie: string, payload: unknown = {}) {
  return app.server.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    payload: payload as Record<string, unknown>,
  });
}

/** Two calls: the second is answered from the remembered session. */
async function warm(cookie: string) {
  expect(await myProfileStatus(cookie)).toBe(200);
  expect(await myProfileStatus(cookie)).toBe(200);
}

async function secondDevice(user: TestUser) {
  return (await signIn(app, user.email, STRONG_PASSWORD)).cookie;
}

describe('a remembered session ends when the session ends', () => {
  it('sign-out: the old cookie is refused on the very next call', async () => {
    const user = await testUser(app);
    await warm(user.cookie);
    expect((await authPost('sign-out', user.cookie)).statusCode).toBe(200);
    expect(await myProfileStatus(user.cookie)).toBe(401);
  });

  it('sign-out while other calls of the same session are in flight leaves nothing usable', async () => {
    const user = await testUser(app);
    await warm(user.cookie);
    const racing = Array.from({ length: 10 }, () => myProfileStatus(user.cookie));
    expect((await authPost('sign-out', user.cookie)).statusCode).toBe(200);
    await Promise.all(racing);
    expect(await myProfileStatus(user.cookie)).toBe(401);
  });

  it('"sign out other devices": the other device is refused at once, this one keeps working', async () => {
    const user = await testUser(app);
    const other = await secondDevice(user);
    await warm(other);
    expect((await authPost('revoke-other-sessions', user.cookie)).statusCode).toBe(200);
    expect(await myProfileStatus(other)).toBe(401);
    expect(await myProfileStatus(user.cookie)).toBe(200);
  });

  it('a password change with other devices signed out refuses them at once', async () => {
    const user = await testUser(app);
    const other = await secondDevice(user);
    await warm(other);
    const changed = await authPost('change-password', user.cookie, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Another-sturdy-2',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await myProfileStatus(other)).toBe(401);
  });

  it('account deletion refuses every session of the account at once', async () => {
    const user = await testUser(app);
    const other = await secondDevice(user);
    await warm(user.cookie);
    await warm(other);
    const deleted = await app.server.inject({
      method: 'POST',
      url: '/api/trpc/accounts.deleteAccount',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmEmail: user.email, password: STRONG_PASSWORD }),
    });
    expect(deleted.statusCode).toBe(200);
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
