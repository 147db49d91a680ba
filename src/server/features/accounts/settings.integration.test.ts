import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import {
  callTrpc,
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  upload,
  userIdOf,
  type TestApp,
} from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function changePassword(cookie: string, currentPassword: string, newPassword: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    payload: { currentPassword, newPassword, revokeOtherSessions: true },
  });
}

describe('change password', () => {
  it('needs the current password, follows the sign-up strength rules, then the new one signs in', async () => {
    const { cookie, body } = await signUp(app);
    const weak = await changePassword(cookie, STRONG_PASSWORD, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must include uppercase, lowercase, number, and special character.');
    const wrongCurrent = await changePassword(cookie, 'Not-my-pass-1', 'Brand-new-pass-2');
    expect(wrongCurrent.statusCode).toBe(400);
    const ok = await changePassword(cookie, STRONG_PASSWORD, 'Brand-new-pass-2');
    expect(ok.statusCode).toBe(200);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, body.email, 'Brand-new-pass-2')).response.statusCode).toBe(200);
  });
});

async function untilSomeoneWaitsForALock() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await app.database.pool.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The deletion never waited for the held row');
}

describe('delete account', () => {
  it('needs the typed email and the password, then removes the user, their data and files', async () => {
    const { cookie, body } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const avatar = await upload(app, 'avatar', png, { cookie });

    const mismatch = await callTrpc(app, 'accounts.deleteAccount', {
      input: { confirmEmail: 'x@y.z', password: STRONG_PASSWORD },
      cookie,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.error?.message).toBe('Type your email exactly as shown to confirm');
    const wrongPassword = await callTrpc(app, 'accounts.deleteAccount', {
      input: { confirmEmail: body.email, password: 'Not-my-pass-1' },
      cookie,
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.error?.message).toBe('Incorrect password. Your account was not deleted.');

    const deleted = await callTrpc(app, 'accounts.deleteAccount', {
      input: { confirmEmail: body.email.toUpperCase(), password: STRONG_PASSWORD },
      cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await app.database.db.select().from(profiles).where(eq(profiles.id, userId))).toHaveLength(0);
    expect(existsSync(path.join(app.uploadsDir, avatar.json.avatarUrl!.slice('/files/'.length)))).toBe(false);
    expect((await callTrpc(app, 'accounts.me', { cookie })).data).toBeNull();
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(401);
  });

  // Two connections are needed: PostgreSQL only (the embedded database has one connection).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "still deletes when it deadlocks with a transaction writing the user's rows",
    async () => {
      const { cookie, body } = await signUp(app);
      const userId = await userIdOf(app, cookie);
      // Another server's work on this user, in the order an award takes: one of their rows held, then a new row
      // whose foreign key waits for the user row, which the deletion holds while its cascade waits for the first.
      const other = await app.database.pool.connect();
      let deleting: ReturnType<typeof callTrpc> | null = null;
      try {
        await other.query('begin');
        await other.query('select 1 from profiles where id = $1 for update', [userId]);
        deleting = callTrpc(app, 'accounts.deleteAccount', {
          input: { confirmEmail: body.email, password: STRONG_PASSWORD },
          cookie,
        });
        await untilSomeoneWaitsForALock();
        await other.query('insert into user_xp (user_id) values ($1) on conflict do nothing', [userId]);
        await other.query('commit');
      } catch {
        // This side was the one rolled back.
        await other.query('rollback');
      } finally {
        other.release();
      }
      expect((await deleting)?.status).toBe(200);
      expect(await app.database.db.select().from(profiles).where(eq(profiles.id, userId))).toHaveLength(0);
    },
  );

  it('a visitor cannot delete anything', async () => {
    expect(
      (
        await callTrpc(app, 'accounts.deleteAccount', {
          input: { confirmEmail: 'a@b.co', password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(401);
  });
});
