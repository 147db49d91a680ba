import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/auth';
import {
  callRaw,
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  userIdOf,
  type TestApp,
} from '../../src/server/testing/test-app';

// Issue 11 item 11: a session left open on a shared computer (or a stolen cookie) must not be enough to delete the
// account; the typed email is printed on the settings page, so only the password proves it is the owner.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// Untyped: some inputs leave the password out on purpose.
const remove = (cookie: string, input: unknown) =>
  callRaw(app, 'accounts.deleteAccount', { cookie, input, method: 'POST' });

async function exists(userId: string) {
  return (await app.database.db.select().from(users).where(eq(users.id, userId))).length === 1;
}

describe('account deletion', () => {
  it('someone holding only the session and the email shown on screen cannot delete the account', async () => {
    const { cookie, body } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    for (const input of [
      { confirmEmail: body.email },
      { confirmEmail: body.email, password: '' },
      { confirmEmail: body.email, password: 'Guessed-pass-1' },
      { confirmEmail: body.email, password: STRONG_PASSWORD.toLowerCase() },
    ]) {
      const result = await remove(cookie, input);
      expect(result.status, JSON.stringify(input)).toBe(400);
      expect(await exists(userId)).toBe(true);
    }
    expect((await remove(cookie, { confirmEmail: body.email, password: 'Guessed-pass-1' })).error?.message).toBe(
      'Incorrect password. Your account was not deleted.',
    );
  });

  it("another user's password does not delete this account", async () => {
    const victim = await signUp(app);
    const other = await signUp(app, { password: 'Other-pass-9!' });
    const result = await remove(victim.cookie, { confirmEmail: victim.body.email, password: other.body.password });
    expect(result.status).toBe(400);
    expect(await exists(await userIdOf(app, victim.cookie))).toBe(true);
  });

  it('the owner deletes it with the typed email and the current password', async () => {
    const { cookie, body } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    expect((await remove(cookie, { confirmEmail: body.email, password: STRONG_PASSWORD })).status).toBe(200);
    expect(await exists(userId)).toBe(false);
  });

  it('guessing the password through deletion is stopped by the account lock, with the sign-in message', async () => {
    const { cookie, body } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    for (let i = 0; i < 5; i++) {
      expect((await remove(cookie, { confirmEmail: body.email, password: `Guess-${i}-pass!` })).status).toBe(400);
    }
    const refused = await remove(cookie, { confirmEmail: body.email, password: STRONG_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(/^Too many sign-in attempts\. Please wait .+ and try again\.$/);
    expect(await exists(userId)).toBe(true);
    // One count per account: the guesses locked sign-in from unknown browsers too.
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(429);
  });

  it('wrong sign-ins lock deletion too', async () => {
    const { cookie, body } = await signUp(app);
    for (let i = 0; i < 5; i++) await signIn(app, body.email, `Guess-${i}-pass!`);
    expect((await remove(cookie, { confirmEmail: body.email, password: STRONG_PASSWORD })).status).toBe(429);
  });
});
