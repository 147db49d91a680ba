import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTrpc,
  cookieHeader,
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  type TestApp,
} from '../../src/server/testing/test-app';
import { totp } from '../e2e/totp';

// Someone who signed in with a stolen password keeps nothing once the owner turns two-factor on.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

function post(url: string, cookie: string, payload: unknown) {
  return app.server.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
    payload: JSON.stringify(payload),
  });
}

const me = async (cookie: string) => (await callTrpc(app, 'accounts.me', { cookie })).data;

/** The Settings flow: password, then the first code from the authenticator; the browser's cookie afterwards. */
async function enableTwoFactor(cookie: string, password: string): Promise<string> {
  const enabled = await post('/api/auth/two-factor/enable', cookie, { password });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const secret = new URL(enabled.json().totpURI).searchParams.get('secret')!;
  const verified = await post('/api/auth/two-factor/verify-totp', cookie, { code: totp(secret) });
  expect(verified.statusCode, verified.body).toBe(200);
  // better-auth replaces the current session; the browser keeps the new cookie.
  return cookieHeader(verified) || cookie;
}

describe('enabling two-factor authentication', () => {
  it("signs out the account's other sessions (an attacker's too), not the one that enabled it", async () => {
    const { body, cookie: laptop } = await signUp(app);
    const phone = (await signIn(app, body.email, STRONG_PASSWORD)).cookie;
    const attacker = (await signIn(app, body.email, STRONG_PASSWORD, '203.0.113.66')).cookie;
    expect(await me(attacker)).toMatchObject({ email: body.email });

    const current = await enableTwoFactor(laptop, STRONG_PASSWORD);

    expect(await me(attacker)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await me(current)).toMatchObject({ email: body.email });
  });

  it('a later sign-in with a code does not sign out the other sessions', async () => {
    const { body, cookie } = await signUp(app);
    const current = await enableTwoFactor(cookie, STRONG_PASSWORD);
    const first = await signIn(app, body.email, STRONG_PASSWORD);
    expect(first.response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await me(current)).toMatchObject({ email: body.email });
  });
});
