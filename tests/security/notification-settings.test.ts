import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../../src/server/mail/signed-link';
import {
  callTrpc,
  cookieHeader,
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  userIdOf,
  type TestApp,
} from '../../src/server/testing/test-app';

let app: TestApp;
let ana: { cookie: string; id: string; email: string };
let ben: { cookie: string; id: string; email: string };
beforeAll(async () => {
  app = await createTestApp();
  for (const who of ['ana', 'ben'] as const) {
    const { cookie, body } = await signUp(app, { firstName: who });
    const user = { cookie, id: await userIdOf(app, cookie), email: body.email };
    if (who === 'ana') ana = user;
    else ben = user;
  }
});
afterAll(() => app.close());

const valid = {
  pushEnabled: false,
  emailEnabled: true,
  quietHours: { start: 22 * 60, end: 7 * 60 },
  timeZone: 'Europe/Paris',
  kinds: { message: { inApp: true, email: false, push: true } },
};

async function settingsOf(userId: string) {
  const { rows } = await app.database.db.execute(sql`select * from notification_settings where user_id = ${userId}`);
  return rows[0] ?? null;
}

function post(url: string) {
  return app.server.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('notification settings', () => {
  it('are for a signed-in member only, and only their own', async () => {
    expect((await callTrpc(app, 'notificationSettings.get')).status).toBe(401);
    expect((await callTrpc(app, 'notificationSettings.update', { input: valid })).status).toBe(401);
    // A user id in the input is refused, not used: the schema is strict.
    const forged = await callTrpc(app, 'notificationSettings.update', {
      input: { ...valid, userId: ben.id } as never,
      cookie: ana.cookie,
    });
    expect(forged.status).toBe(400);
    expect(await settingsOf(ben.id)).toBeNull();
    expect((await callTrpc(app, 'notificationSettings.update', { input: valid, cookie: ana.cookie })).status).toBe(200);
    expect(await settingsOf(ben.id)).toBeNull();
    const own = await callTrpc(app, 'notificationSettings.get', { cookie: ana.cookie });
    expect(own.data).toMatchObject({ settings: valid });
  });

  it('refuse malformed and oversized input, changing nothing', async () => {
    const before = await settingsOf(ana.id);
    const bad = [
      { ...valid, kinds: { not_a_kind: { inApp: true, email: true, push: true } } },
      { ...valid, kinds: { message: { inApp: true, email: true, push: true, sms: true } } },
      { ...valid, quietHours: { start: -1, end: 20 } },
      { ...valid, quietHours: { start: 0, end: 1440 } },
      { ...valid, timeZone: 'Mars/Olympus' },
      { ...valid, timeZone: 'x'.repeat(10_000) },
      { ...valid, pushEnabled: 'yes' },
    ];
    for (const input of bad) {
      const result = await callTrpc(app, 'notificationSettings.update', { input: input as never, cookie: ana.cookie });
      expect(result.status, JSON.stringify(input).slice(0, 120)).toBe(400);
    }
    expect(await settingsOf(ana.id)).toEqual(before);
  });
});

describe('the one-click unsubscribe route', () => {
  it('works only with the signature made for that member and that kind', async () => {
    const forBen = signLink(`/unsubscribe?k=price_proposed&u=${ben.id}`, app.config.SESSION_SECRET);
    const signature = new URL(forBen, 'http://x').searchParams.get('s')!;
    // The same signature for another member, another kind, or none at all.
    const forged = [
      `/unsubscribe?k=price_proposed&u=${ana.id}&s=${signature}`,
      `/unsubscribe?k=message&u=${ben.id}&s=${signature}`,
      `/unsubscribe?k=price_proposed&u=${ben.id}`,
      `/unsubscribe?k=price_proposed&u=${ben.id}&s=`,
      `/unsubscribe?k=newsletter&e=ben@example.test&s=${signature}`,
      `/unsubscribe?k=price_proposed&u=${ben.id}&s=${signature}&extra=1`,
      `/unsubscribe?k=price_proposed&u=${'x'.repeat(5000)}&s=${signature}`,
    ];
    for (const url of forged) {
      const response = await post(url);
      expect(response.statusCode, url.slice(0, 120)).toBe(400);
      expect(response.json().message).toBe('This unsubscribe link is not valid.');
    }
    expect(await settingsOf(ben.id)).toBeNull();
    expect((await post(forBen)).statusCode).toBe(200);
    expect((await settingsOf(ben.id))?.kinds).toEqual({ price_proposed: { inApp: true, email: false, push: true } });
    // Again: nothing more changes.
    expect((await post(forBen)).statusCode).toBe(200);
    expect((await settingsOf(ben.id))?.kinds).toEqual({ price_proposed: { inApp: true, email: false, push: true } });
  });

  it("keeps the member's other choices, and unsubscribes a newsletter address", async () => {
    const link = signLink(`/unsubscribe?k=review_received&u=${ana.id}`, app.config.SESSION_SECRET);
    expect((await post(link)).statusCode).toBe(200);
    const kinds = (await settingsOf(ana.id))?.kinds as Record<string, unknown>;
    expect(kinds).toEqual({
      message: { inApp: true, email: false, push: true },
      review_received: { inApp: true, email: false, push: true },
    });
    await app.database.db.execute(sql`insert into newsletter_subscriptions (email) values ('reader@example.test')`);
    const newsletter = signLink('/unsubscribe?k=newsletter&e=reader@example.test', app.config.SESSION_SECRET);
    expect((await post(newsletter)).json().message).toBe(
      'You will no longer get emails about: The SkillNest newsletter.',
    );
    const { rows } = await app.database.db.execute<{ is_active: boolean }>(
      sql`select is_active from newsletter_subscriptions where email = 'reader@example.test'`,
    );
    expect(rows[0]!.is_active).toBe(false);
  });

  it('refuses a body larger than the one-click form', async () => {
    const link = signLink(`/unsubscribe?k=message&u=${ana.id}`, app.config.SESSION_SECRET);
    const response = await app.server.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x'.repeat(5000),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('push subscriptions', () => {
  const keys = { p256dh: 'BPb0', auth: 'YXV0aA' };
  async function devicesOf(userId: string) {
    const { rows } = await app.database.db.execute<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions where user_id = ${userId} order by endpoint`,
    );
    return rows.map((r) => r.endpoint);
  }

  it('take only the push services browsers use: the server never posts to an address an attacker names', async () => {
    expect(
      (await callTrpc(app, 'push.subscribe', { input: { endpoint: 'https://fcm.googleapis.com/x', keys } })).status,
    ).toBe(401);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://localhost:3000/api/test/users',
      'https://fcm.googleapis.com.evil.test/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://169.254.169.254/latest/meta-data',
      `https://fcm.googleapis.com/${'x'.repeat(3000)}`,
    ]) {
      const result = await callTrpc(app, 'push.subscribe', { input: { endpoint, keys }, cookie: ana.cookie });
      expect(result.status, endpoint.slice(0, 80)).toBe(400);
    }
    expect(await devicesOf(ana.id)).toEqual([]);
  });

  it("a member's devices are theirs: another cannot remove them, and keys are checked", async () => {
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/ana-phone';
    expect((await callTrpc(app, 'push.subscribe', { input: { endpoint, keys }, cookie: ana.cookie })).status).toBe(200);
    expect((await callTrpc(app, 'push.unsubscribe', { input: { endpoint }, cookie: ben.cookie })).status).toBe(200);
    expect(await devicesOf(ana.id)).toEqual([endpoint]);
    const badKeys = await callTrpc(app, 'push.subscribe', {
      input: { endpoint, keys: { p256dh: '<script>', auth: 'x'.repeat(500) } },
      cookie: ben.cookie,
    });
    expect(badKeys.status).toBe(400);
    expect(await devicesOf(ana.id)).toEqual([endpoint]);
    expect((await callTrpc(app, 'push.unsubscribe', { input: { endpoint }, cookie: ana.cookie })).status).toBe(200);
    expect(await devicesOf(ana.id)).toEqual([]);
  });

  it('end with the session that allowed them, and cannot be taken over by someone who learnt the endpoint', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/ana-laptop';
    expect((await callTrpc(app, 'push.subscribe', { input: { endpoint, keys }, cookie: ana.cookie })).status).toBe(200);
    const stolen = await callTrpc(app, 'push.subscribe', {
      input: { endpoint, keys: { p256dh: 'BOther', auth: 'b3RoZXI' } },
      cookie: ben.cookie,
    });
    expect(stolen.status).toBe(200);
    expect(await devicesOf(ana.id)).toEqual([endpoint]);
    expect(await devicesOf(ben.id)).not.toContain(endpoint);
    // A second session of Ana's signs out: the device she allowed in this one stays; this one signs out: it goes.
    const other = await signIn(app, ana.email, STRONG_PASSWORD);
    await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: cookieHeader(other.response), 'content-type': 'application/json' },
      payload: {},
    });
    expect(await devicesOf(ana.id)).toEqual([endpoint]);
    await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(await devicesOf(ana.id)).toEqual([]);
  });

  it('keep at most ten devices a member, the newest', async () => {
    for (let i = 0; i < 12; i++) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/ben-${String(i).padStart(2, '0')}`;
      expect((await callTrpc(app, 'push.subscribe', { input: { endpoint, keys }, cookie: ben.cookie })).status).toBe(
        200,
      );
    }
    const devices = await devicesOf(ben.id);
    expect(devices).toHaveLength(10);
    expect(devices).toContain('https://fcm.googleapis.com/fcm/send/ben-11');
  });
});
