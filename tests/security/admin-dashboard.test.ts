import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { callRaw, type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import { expectSameRows, snapshot } from './helpers';

/**
 * /admin-dashboard's one query shows emails, sign-in times, feedback and the audit log, so
 * only an admin may read it: a member gets 403, a visitor 401, neither sees a byte of it, and nothing changes.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mallory' });
});
afterAll(() => app?.close());

const TABLES = ['users', 'newsletter_subscriptions', 'feedback', 'audit_events'];
const dashboard = (who: TestUser | null, input?: unknown) =>
  callRaw(app, 'admin.dashboard', { method: 'GET', cookie: who?.cookie, input });

describe('admin.dashboard', () => {
  it('is refused to a signed-out visitor with 401 and no data', async () => {
    const before = await snapshot(app, TABLES);
    const result = await dashboard(null);
    expect(result.status).toBe(401);
    expect(result.data).toBeUndefined();
    expectSameRows(before, await snapshot(app, TABLES), 'signed-out dashboard');
  });

  it('is refused to a member with 403 and no data, whatever input they add', async () => {
    const before = await snapshot(app, TABLES);
    for (const input of [undefined, {}, { limit: 10_000 }, { asAdmin: true }]) {
      const result = await dashboard(member, input);
      expect(result.status, JSON.stringify(input)).toBe(403);
      expect(result.data).toBeUndefined();
      expect(JSON.stringify(result.error)).not.toContain(admin.email);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member dashboard');
  });

  it('is refused by the wrong method (a query is not a mutation)', async () => {
    const result = await callRaw(app, 'admin.dashboard', { method: 'POST', cookie: admin.cookie });
    expect(result.status).toBe(405);
  });

  it("answers an admin with the admin's own account among the users", async () => {
    const result = await dashboard(admin);
    expect(result.status).toBe(200);
    const data = result.data as { users: { email: string }[] };
    expect(data.users.map((u) => u.email)).toContain(admin.email);
  });
});
