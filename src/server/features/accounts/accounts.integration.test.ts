import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, userRoles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { users } from '../../db/schema/auth';
import { AUTH_LIMITS } from '../../../domain/account-settings';
import {
  ADMIN_TEST_PASSWORD,
  callTrpc,
  createTestApp,
  nextEvent,
  signIn,
  signInAdmin,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app';
import { channels } from '../../realtime/channels';

const ADMIN_EMAIL = 'head.provider@example.com';
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
});
afterAll(() => app.close());

describe('sign-up', () => {
  it('creates the account, its profile with the sign-up fields, and signs the user in', async () => {
    const before = Date.now();
    const { response, body, cookie } = await signUp(app, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '2005-06-07',
    });
    expect(response.statusCode).toBe(200);
    const me = await callTrpc(app, 'accounts.me', { cookie });
    expect(me.data).toMatchObject({ email: body.email, firstName: 'Ada', lastName: 'Lovelace', isAdmin: false });

    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, me.data!.id));
    expect(profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2005-06-07' });
    expect(profile!.taxResponsibilityAcknowledgedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    [{ firstName: 'A' }, 'First name must be at least 2 characters.'],
    [{ lastName: ' ' }, 'Last name is required.'],
    [{ email: 'nope' }, 'Please enter a valid email address (e.g., name@example.com).'],
    [{ password: 'Ab1!' }, 'Password must be at least 8 characters long'],
    [{ password: 'password1!' }, 'Password must include uppercase, lowercase, number, and special character.'],
    [{ dateOfBirth: '' }, 'Date of birth is required.'],
    [{ taxResponsibility: false }, 'You must acknowledge your tax responsibility to proceed.'],
  ])('the server refuses %j with "%s" and creates nothing', async (override, message) => {
    const email = uniqueEmail('refused');
    const { response } = await signUp(app, { email, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const rows = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('twice');
    await signUp(app, { email });
    const { response } = await signUp(app, { email: email.toUpperCase() });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toMatch(/^USER_ALREADY_EXISTS/);
  });

  it('refuses a sign-up posted from another site', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: 'x=1' },
      payload: {
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        firstName: 'Eve',
        lastName: 'L',
        dateOfBirth: '2000-01-01',
        taxResponsibility: true,
      },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and keeps the session on the next request', async () => {
    const { body } = await signUp(app);
    const { response, cookie } = await signIn(app, body.email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await callTrpc(app, 'accounts.me', { cookie });
    expect(me.data).toMatchObject({ email: body.email });
  });

  it('refuses a wrong password without a session', async () => {
    const { body } = await signUp(app);
    const { response, cookie } = await signIn(app, body.email, 'Wrong-pass-1');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    expect(cookie).toBe('');
  });

  it(`after ${AUTH_LIMITS.accountFailures} wrong passwords an account's sign-ins wait, from any address`, async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures; i++) {
      expect((await signIn(app, body.email, 'Wrong-pass-1')).response.statusCode).toBe(401);
    }
    // Even the right password, from a fresh address, waits out the window.
    const refused = await signIn(app, body.email, STRONG_PASSWORD);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(refused.cookie).toBe('');
  });

  it('a right password does not count, and does not clear the wrong ones (an attacker gets no fresh guesses)', async () => {
    const { body } = await signUp(app);
    for (let i = 0; i < AUTH_LIMITS.accountFailures - 1; i++) {
      expect((await signIn(app, body.email, 'Wrong-pass-1')).response.statusCode).toBe(401);
    }
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    expect((await signIn(app, body.email, 'Wrong-pass-1')).response.statusCode).toBe(401);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(429);
  });

  it('sign-out ends the session and tells the other tabs of that session', async () => {
    const { cookie } = await signUp(app);
    const sessionId = (await app.auth.api.getSession({ headers: new Headers({ cookie }) }))!.session.id;
    const heard = nextEvent(app, channels.session(sessionId));

    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(await heard).toEqual({ type: 'signed-out' });
    expect((await callTrpc(app, 'accounts.me', { cookie })).data).toBeNull();
  });
});

describe('roles', () => {
  it('the admin bootstrapped at start is an admin', async () => {
    const { cookie } = await signInAdmin(app);
    expect((await callTrpc(app, 'accounts.me', { cookie })).data).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    const overview = await callTrpc(app, 'admin.overview', { cookie });
    expect(overview.status).toBe(200);
    expect(overview.data!.userCount).toBeGreaterThan(0);
  });

  it('a signed-in non-admin calling an admin procedure is refused', async () => {
    const { cookie } = await signUp(app);
    const result = await callTrpc(app, 'admin.overview', { cookie });
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe('Admin access required to view this page');
  });

  it('a visitor calling an admin procedure is refused as unauthenticated', async () => {
    const result = await callTrpc(app, 'admin.overview');
    expect(result.status).toBe(401);
  });

  it('isAdmin reports the role of any user, and false for unknown ids', async () => {
    const { cookie } = await signUp(app, { email: `second-${ADMIN_EMAIL}` });
    const me = (await callTrpc(app, 'accounts.me', { cookie })).data!;
    expect((await callTrpc(app, 'accounts.isAdmin', { input: { userId: me.id } })).data).toBe(false);
    const [admin] = await app.database.db.select({ userId: userRoles.userId }).from(userRoles).limit(1);
    expect((await callTrpc(app, 'accounts.isAdmin', { input: { userId: admin!.userId } })).data).toBe(true);
    expect((await callTrpc(app, 'accounts.isAdmin', { input: { userId: 'nobody' } })).data).toBe(false);
  });
});

describe('platform', () => {
  it('the 15 categories exist after start', async () => {
    const rows = await app.database.db.select().from(serviceCategories);
    expect(rows).toHaveLength(15);
  });

  it('health checks the database', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('visitors get null from accounts.me', async () => {
    expect((await callTrpc(app, 'accounts.me')).data).toBeNull();
  });

  it('responses carry security headers, with a Content-Security-Policy', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('bad input gets a clear message and no stack trace', async () => {
    const result = await callTrpc(app, 'accounts.isAdmin', { input: { userId: '' } });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.error)).not.toMatch(/at .*\.ts:\d+|stack/);
  });

  it('refuses oversized bodies', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('the test-only route does not exist outside NODE_ENV=test', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await prod.server.inject({
        method: 'POST',
        url: '/api/test/users',
        payload: { email: uniqueEmail() },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/test/users',
      payload: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(200);
  });
});
