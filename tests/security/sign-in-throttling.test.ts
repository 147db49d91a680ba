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

// A forged X-Forwarded-For must not pick the client's address, guessing one account's password must
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

  it('a class whose accounts use two-factor all enter their codes from one school address', async () => {
    // better-auth's own limit on the code step was 3 per 10 seconds per address: the fourth student was refused.
    const school = '192.0.2.201';
    for (let i = 0; i < 40; i++) {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { code: '123456' },
        remoteAddress: school,
      });
      expect(response.statusCode, `student ${i + 1}`).not.toBe(429);
    }
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

/** The session cookie alone, as a thief of the session holds it (no device cookie). */
const sessionOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => !c.includes('device'))
    .join('; ');
/** The device cookie alone, as a browser keeps it after the session ended. */
const deviceOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => c.includes('device'))
    .join('; ');

function signInWith(app: TestApp, email: string, password: string, remoteAddress: string, cookie = '') {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { email, password },
    remoteAddress,
  });
}

describe('device cookies (lockout abuse)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an attacker locking the account from many addresses does not keep the owner out of a browser they used', async () => {
    const { body, cookie } = await signUp(app);
    const device = deviceOnly(cookie);
    expect(device).not.toBe('');
    for (let i = 0; i < AUTH_LIMITS.accountFailures + 5; i++) {
      await signInWith(app, body.email, `Guess-${i}-pass!`, `203.0.113.${i + 1}`);
    }
    // A new browser waits; the owner's browser signs in at once.
    expect((await signInWith(app, body.email, STRONG_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    const owner = await signInWith(app, body.email, STRONG_PASSWORD, '198.51.100.7', device);
    expect(owner.statusCode).toBe(200);
    // Without the cookie, the owner signs in once the window has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + AUTH_LIMITS.accountWindowSeconds * 1000 + 1000);
    expect((await signInWith(app, body.email, STRONG_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });

  it('a stolen device cookie is not a bypass: that browser has its own small failure limit', async () => {
    const { body, cookie } = await signUp(app);
    const device = deviceOnly(cookie);
    for (let i = 0; i < AUTH_LIMITS.deviceFailures; i++) {
      expect((await signInWith(app, body.email, `Guess-${i}-pass!`, `203.0.113.${i + 1}`, device)).statusCode).toBe(
        401,
      );
    }
    expect((await signInWith(app, body.email, STRONG_PASSWORD, '203.0.113.50', device)).statusCode).toBe(429);
  });

  it('a device cookie helps only the account it names, and a forged one helps none', async () => {
    const owner = await signUp(app);
    const victim = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures; i++) await signIn(app, victim.body.email, 'Wrong-pass-1');
    const forged = deviceOnly(owner.cookie).replace(/=([^.]+)\./, '=AAAAAAAAAAAAAAAAAAAAAA.');
    for (const cookie of [deviceOnly(owner.cookie), forged, 'skillnest.device=x.1.y']) {
      expect((await signInWith(app, victim.body.email, STRONG_PASSWORD, '198.51.100.9', cookie)).statusCode).toBe(429);
    }
  });

  it('the device cookie is HttpOnly, long-lived and does not show the email', async () => {
    const { body, response } = await signUp(app);
    const setCookies = [response.headers['set-cookie']].flat().filter((c): c is string => !!c);
    const device = setCookies.find((c) => c.includes('device'))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(device)![1])).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(decodeURIComponent(device).toLowerCase()).not.toContain(body.email.split('@')[0]!.toLowerCase());
  });

  it("a successful sign-in neither counts toward the account's failures nor wipes them", async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures + 2; i++) {
      expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    }
    for (let i = 0; i < AUTH_LIMITS.accountFailures - 1; i++) await signIn(app, body.email, 'Wrong-pass-1');
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    // The owner's success did not give an attacker a fresh set of guesses.
    expect((await signIn(app, body.email, 'Wrong-pass-1')).response.statusCode).toBe(401);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(429);
  });
});

describe('password checks outside sign-in share the account limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const endpoints = [
    {
      url: '/api/auth/change-password',
      payload: (p: string) => ({ currentPassword: p, newPassword: 'New-strong-1!' }),
    },
    { url: '/api/auth/two-factor/enable', payload: (p: string) => ({ password: p }) },
  ];
  for (const { url, payload } of endpoints) {
    it(`${url}: a stolen session guessing the password is stopped after ${AUTH_LIMITS.accountFailures}`, async () => {
      const { body, cookie } = await signUp(app);
      const post = (password: string) =>
        app.server.inject({
          method: 'POST',
          url,
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: sessionOnly(cookie) },
          payload: payload(password),
        });
      const statuses: string[] = [];
      for (let i = 0; i < AUTH_LIMITS.accountFailures; i++)
        statuses.push(((r) => `${r.statusCode} ${r.body}`)(await post(`Guess-${i}-pass!`)));
      expect(
        statuses.every((s) => /^40[01] /.test(s)),
        JSON.stringify(statuses),
      ).toBe(true);
      const refused = await post(STRONG_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Please wait .+ and try again\.$/);
      // The same lock as sign-in, for a browser the account does not know.
      expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(429);
    });
  }
});

describe('steady pace (better-auth limiter never reset)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sign-ins from one address at a steady pace over 30 simulated minutes; the status of each. */
  async function steadyStream(address: string, perWindow: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const stepMs = (AUTH_LIMITS.signInWindowSeconds * 1000) / perWindow;
    const statuses: number[] = [];
    for (let t = 0; t < 30 * 60 * 1000; t += stepMs) {
      vi.setSystemTime(start + t);
      statuses.push((await cheapSignIn(app, address)).statusCode);
    }
    return statuses;
  }

  it('a steady stream below the per-address limit is never refused over 30 minutes', async () => {
    const statuses = await steadyStream('192.0.2.77', AUTH_LIMITS.signInsPerAddress - 10);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  }, 120_000);

  it('a steady stream above the limit is refused, then served again in every window', async () => {
    const perWindow = AUTH_LIMITS.signInsPerAddress + 50;
    const statuses = await steadyStream('192.0.2.78', perWindow);
    expect(statuses).toContain(429);
    // Every window after the first serves a full quota again: the count resets on time under load.
    for (let w = 1; w < 6; w++) {
      const window = statuses.slice(w * perWindow, (w + 1) * perWindow);
      expect(window.filter((s) => s !== 429).length, `window ${w}`).toBeGreaterThanOrEqual(
        AUTH_LIMITS.signInsPerAddress - 2,
      );
    }
  }, 120_000);
});
