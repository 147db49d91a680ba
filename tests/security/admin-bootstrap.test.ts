import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/server/db/schema/audit';
import { twoFactors, users } from '../../src/server/db/schema/auth';
import { userRoles } from '../../src/server/db/schema/profiles';
import { bootstrapAdmin } from '../../src/server/features/accounts/bootstrap-admin';
import {
  ADMIN_TEST_PASSWORD,
  callTrpc,
  createTestApp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../src/server/testing/test-app';

// Addresses are never verified, so an address must never be worth a role.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** What main.ts does at every start with ADMIN_EMAIL and ADMIN_PASSWORD (or neither). */
const start = (admin: { email: string; password: string } | null) =>
  bootstrapAdmin(app.database.db, app.auth, app.bus, admin);

async function me(cookie: string) {
  return (await callTrpc(app, 'accounts.me', { cookie })).data ?? null;
}

async function isAdminRow(userId: string) {
  const rows = await app.database.db
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
  return rows.length > 0;
}

async function auditOf(userId: string) {
  const rows = await app.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, userId));
  return rows.map((r) => r.action);
}

describe('admin bootstrap', () => {
  it("a squatter who signed up first with the operator's address loses the account at the next start", async () => {
    const operatorEmail = uniqueEmail('operator');
    // The attacker registers the operator's address before the operator ever starts the server with it...
    const squatter = await signUp(app, { email: operatorEmail, password: 'Squatter-pass-1!' });
    expect(squatter.response.statusCode).toBe(200);
    const squatterId = (await me(squatter.cookie))!.id;
    // ...signing up gave no role...
    expect((await me(squatter.cookie))!.isAdmin).toBe(false);
    // ...and turns on two-factor so the operator could not get in even with the password.
    await app.database.db
      .insert(twoFactors)
      .values({ id: randomUUID(), userId: squatterId, secret: 'x', backupCodes: 'y' });
    await app.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, squatterId));

    await start({ email: operatorEmail.toUpperCase(), password: ADMIN_TEST_PASSWORD });

    expect(await me(squatter.cookie)).toBeNull(); // every session of the squatter is gone
    expect((await signIn(app, operatorEmail, 'Squatter-pass-1!')).response.statusCode).toBe(401);
    const operator = await signIn(app, operatorEmail, ADMIN_TEST_PASSWORD);
    expect(operator.response.statusCode).toBe(200);
    expect(operator.response.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await me(operator.cookie)).toMatchObject({ id: squatterId, isAdmin: true });
    expect(await auditOf(squatterId)).toContain('admin.bootstrapped');
  });

  it('creates the configured admin when no account has the address, with a working password', async () => {
    const email = uniqueEmail('fresh-admin');
    await start({ email, password: ADMIN_TEST_PASSWORD });
    const { response, cookie } = await signIn(app, email, ADMIN_TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ isAdmin: true });
    // Signing up with the address now only says it is registered.
    expect((await signUp(app, { email })).response.statusCode).toBe(422);
  });

  it("later starts keep the bootstrapped admin's sessions; a changed ADMIN_PASSWORD takes over again", async () => {
    const email = uniqueEmail('steady-admin');
    await start({ email, password: ADMIN_TEST_PASSWORD });
    const { cookie } = await signIn(app, email, ADMIN_TEST_PASSWORD);
    await start({ email, password: ADMIN_TEST_PASSWORD });
    expect(await me(cookie)).toMatchObject({ isAdmin: true });

    await start({ email, password: 'Rotated-pass-2!' });
    expect(await me(cookie)).toBeNull();
    expect((await signIn(app, email, ADMIN_TEST_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, email, 'Rotated-pass-2!')).response.statusCode).toBe(200);
  });

  it('an account that was the configured admin before loses the role when ADMIN_EMAIL changes or is removed', async () => {
    const first = uniqueEmail('first-admin');
    const second = uniqueEmail('second-admin');
    await start({ email: first, password: ADMIN_TEST_PASSWORD });
    const firstId = (await me((await signIn(app, first, ADMIN_TEST_PASSWORD)).cookie))!.id;

    await start({ email: second, password: ADMIN_TEST_PASSWORD });
    const secondId = (await me((await signIn(app, second, ADMIN_TEST_PASSWORD)).cookie))!.id;
    expect(await isAdminRow(firstId)).toBe(false);
    expect(await isAdminRow(secondId)).toBe(true);
    expect(await auditOf(firstId)).toEqual(expect.arrayContaining(['admin.bootstrapped', 'admin.role-removed']));

    await start(null);
    expect(await isAdminRow(secondId)).toBe(false);
    // Removed once: a start does not record it again.
    await start(null);
    expect((await auditOf(secondId)).filter((a) => a === 'admin.role-removed')).toHaveLength(1);
  });

  it('signing up never grants the admin role, whatever the address', async () => {
    for (const email of [uniqueEmail('admin'), 'admin@example.com', uniqueEmail('root')]) {
      const { cookie } = await signUp(app, { email, password: STRONG_PASSWORD });
      expect((await me(cookie))!.isAdmin).toBe(false);
      expect((await callTrpc(app, 'admin.overview', { cookie })).status).toBe(403);
    }
  });
});
