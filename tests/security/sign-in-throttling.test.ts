import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_LIMITS } from '../../src/domain/account-settings';
import {
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  type TestApp,
} from '../../src/server/testing/test-app';

// Issue 11 item 2: a forged X-Forwarded-For must not pick the client's address, guessing one account's password must
// stop whatever addresses it comes from, and a class behind one school address must not be locked out.

/** A sign-in better-auth answers at once (invalid email, no password hashing): only the address limit counts it. */
function cheapSignIn(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
    payload: { email: `not-an-email-${Math.random()}`, password: 'whatever-1' },
    remoteAddress,
  });
}

describe('per-address limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    // An https site: the old code trusted every X-Forwarded-For as soon as PUBLIC_URL was https.
    app = await createTestApp({ PUBLIC_URL: TEST_ORIGIN, secureCookies: true });
  });
  afterAll(() => app.close());

  it('a forged X-Forwarded-For does not escape the per-address sign-in limit (TRUST_PROXY off)', async () => {
    const attacker = '198.51.100.10';
    for (let i = 0; i < AUTH_LIMITS.signInsPerAddress; i++) {
      const response = await cheapSignIn(app, attacker, {
        'x-forwarded-for': `203.0.113.${i % 250}`,
        'x-client-ip': `192.0.2.${i % 250}`,
      });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await cheapSignIn(app, attacker, { 'x-forwarded-for': '203.0.113.251' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please wait .+ and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await cheapSignIn(app, '198.51.100.11')).statusCode).not.toBe(429);
  });

  it('40 students behind one school address all sign up and sign in within 5 minutes', async () => {
    const school = '192.0.2.200';
    const started = Date.now();
    const students = [];
    for (let i = 0; i < 40; i++) {
      const email = uniqueEmail(`student${i}`);
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: {
          email,
          password: STRONG_PASSWORD,
          firstName: 'Class',
          lastName: `Student ${i}`,
          dateOfBirth: '2010-05-01',
          taxResponsibility: true,
        },
        remoteAddress: school,
      });
      expect(response.statusCode, `sign-up ${i}: ${response.body}`).toBe(200);
      students.push(email);
    }
    // A typo or two in the room, then everyone signs in.
    for (const email of students.slice(0, 5)) {
      expect((await signIn(app, email, 'Typo-pass-1', school)).response.statusCode).toBe(401);
    }
    for (const email of students) {
      expect((await signIn(app, email, STRONG_PASSWORD, school)).response.statusCode).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(5 * 60 * 1000);
  }, 300_000);
});

describe('TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ TRUST_PROXY: 1 });
  });
  afterAll(() => app.close());

  it('behind one proxy, the address the proxy saw counts, and a client cannot prepend its own', async () => {
    const proxy = '10.0.0.2';
    const client = '198.51.100.50';
    for (let i = 0; i < AUTH_LIMITS.signInsPerAddress; i++) {
      // Each request claims a different origin before the one the proxy appended.
      const response = await cheapSignIn(app, proxy, { 'x-forwarded-for': `203.0.113.${i % 250}, ${client}` });
      expect(response.statusCode).not.toBe(429);
    }
    expect((await cheapSignIn(app, proxy, { 'x-forwarded-for': `1.1.1.1, ${client}` })).statusCode).toBe(429);
    // Another student behind the same proxy is a different address.
    expect((await cheapSignIn(app, proxy, { 'x-forwarded-for': '198.51.100.51' })).statusCode).not.toBe(429);
  });
});

describe('per-account limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('guessing one password from a new address each time is stopped after 5 failures', async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures; i++) {
      const guess = await signIn(app, body.email, `Guess-${i}-pass!`, `203.0.113.${i + 1}`);
      expect(guess.response.statusCode).toBe(401);
    }
    // Even the right password is refused now: the attacker cannot tell a hit from the lock.
    const sixth = await signIn(app, body.email, STRONG_PASSWORD, '203.0.113.99');
    expect(sixth.response.statusCode).toBe(429);
    expect(sixth.cookie).toBe('');
    // Other spellings of the sign-in path are the same endpoint and the same lock.
    for (const url of ['/api/auth/sign-in/email/', '/api/auth//sign-in/email', '/api/auth/SIGN-IN/email']) {
      const variant = await app.server.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { email: body.email, password: STRONG_PASSWORD },
        remoteAddress: '203.0.113.98',
      });
      expect(variant.statusCode, url).not.toBe(200);
    }
  });

  it('the refusal reads the same for an account that does not exist (no account enumeration)', async () => {
    const { body } = await signUp(app);
    const nobody = uniqueEmail('nobody');
    const refusals = [];
    for (const email of [body.email, nobody]) {
      for (let i = 0; i < AUTH_LIMITS.accountFailures; i++) {
        expect((await signIn(app, email, 'Wrong-pass-1')).response.statusCode).toBe(401);
      }
      const refused = await signIn(app, email, 'Wrong-pass-1');
      refusals.push({ status: refused.response.statusCode, message: refused.response.json().message });
    }
    expect(refusals[0]).toEqual(refusals[1]);
    expect(refusals[0]!.status).toBe(429);
  });

  it('the real user signs in once the attack stops (after the 15-minute window)', async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures + 3; i++) await signIn(app, body.email, 'Wrong-pass-1');
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + AUTH_LIMITS.accountWindowSeconds * 1000 + 1000);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
  });
});
