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
