import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../src/domain/account-settings';
import { users } from '../../src/server/db/schema/auth';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  callRaw,
  createTestApp,
  createTestAppWithAdmin,
  signIn,
  signUp,
  STRONG_PASSWORD,
  userIdOf,
  type TestApp,
} from '../../src/server/testing/test-app';

// A session left open on a shared computer (or a stolen cookie) must not be enough to delete the
// account; the typed email is printed on the settings page, so only the password proves it is the owner.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// Untyped: some inputs leave the password out on purpose.
const remove = (cookie: string, input: unknown) =>
  callRaw(app, 'accounts.deleteAccount', { cookie, input, method: 'POST' });

async function exists(userId: string, on: TestApp = app) {
  return (await on.database.db.select().from(users).where(eq(users.id, userId))).length === 1;
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

/**
 * Delete Account never leaves the site without an admin, alone or when two admins
 * leave at the same moment, or while the last admin demotes the other in another tab.
 */
describe('the last admin cannot delete their account', () => {
  let own: TestApp;
  let admin: TestUser;
  let adminPassword = ADMIN_TEST_PASSWORD;
  const adminCount = async () =>
    Number(
      (
        await own.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from user_roles where role = 'admin'`,
        )
      ).rows[0]!.n,
    );
  const leave = (who: TestUser, password: string) =>
    callRaw(own, 'accounts.deleteAccount', {
      cookie: who.cookie,
      input: { confirmEmail: who.email, password },
      method: 'POST',
    });
  const makeAdmin = async () => {
    const other = await testUser(own);
    await trpcAs(own).ok(admin, 'adminUsers.setAdmin', { userId: other.id, admin: true, reason: 'Co-admin' });
    return other;
  };

  beforeAll(async () => {
    ({ app: own, admin } = await createTestAppWithAdmin());
  });
  afterAll(() => own?.close());

  it('alone, they are refused with the reason, and nothing is removed', async () => {
    const refused = await leave(admin, ADMIN_TEST_PASSWORD);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(SETTINGS_MESSAGES.lastAdmin);
    expect(await exists(admin.id, own)).toBe(true);
    expect(await adminCount()).toBe(1);
    expect((await trpcAs(own).call(admin, 'adminUsers.list', {})).status).toBe(200);
  });

  it('two admins leaving at once: one goes, the other is refused', async () => {
    const other = await makeAdmin();
    const results = await Promise.all([leave(admin, ADMIN_TEST_PASSWORD), leave(other, STRONG_PASSWORD)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await adminCount()).toBe(1);
    // The one refused is still here, and still an admin.
    const stayed = results[0]!.status === 409 ? admin : other;
    expect(await exists(stayed.id, own)).toBe(true);
    adminPassword = stayed === admin ? adminPassword : STRONG_PASSWORD;
    admin = stayed;
  });

  it('leaving while demoting the other admin in another tab leaves one admin, never none', async () => {
    const other = await makeAdmin();
    const [left, demoted] = await Promise.all([
      leave(admin, adminPassword),
      trpcAs(own).call(admin, 'adminUsers.setAdmin', { userId: other.id, admin: false, reason: 'Tidy up' }),
    ]);
    // Either the demotion came first (then leaving is refused), or leaving did (then the demotion is refused: no
    // longer an admin, or no longer signed in).
    expect([
      [409, 200],
      [200, 403],
      [200, 401],
    ]).toContainEqual([left.status, demoted.status]);
    expect(await adminCount()).toBe(1);
  });
});
