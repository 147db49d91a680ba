import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { callRaw, createTestAppWithAdmin, type TestApp } from '../../src/server/testing/test-app';
import { expectSameRows, snapshot } from './helpers';

/**
 * The audit log names who did what to whom, with reasons and amounts, so only an admin may
 * read it: a visitor gets 401, a member 403 whatever filters they send, and neither sees an entry. An admin's
 * malformed or oversized filters are refused with 400 before any SQL runs, and no call changes a row.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mallory' });
});
afterAll(() => app?.close());

const TABLES = ['audit_events', 'users', 'user_roles'];
const list = (who: TestUser | null, input?: unknown) =>
  callRaw(app, 'audit.list', { method: 'GET', cookie: who?.cookie, input });
const actors = (who: TestUser | null) => callRaw(app, 'audit.actors', { method: 'GET', cookie: who?.cookie });

describe('audit.list and audit.actors', () => {
  it('are refused to a signed-out visitor with 401 and no entries', async () => {
    const before = await snapshot(app, TABLES);
    for (const result of [await list(null, {}), await list(null), await actors(null)]) {
      expect(result.status).toBe(401);
      expect(result.data).toBeUndefined();
    }
    expectSameRows(before, await snapshot(app, TABLES), 'signed-out audit log');
  });

  it('are refused to a member with 403 and no entries, whatever filters they add', async () => {
    const before = await snapshot(app, TABLES);
    const inputs = [undefined, {}, { actorId: admin.id }, { action: 'admin.bootstrapped' }, { asAdmin: true }];
    for (const input of inputs) {
      const result = await list(member, input);
      expect(result.status, JSON.stringify(input)).toBe(403);
      expect(result.data).toBeUndefined();
      expect(JSON.stringify(result.error)).not.toContain(admin.email);
    }
    expect((await actors(member)).status).toBe(403);
    expectSameRows(before, await snapshot(app, TABLES), 'member audit log');
  });

  it('refuse malformed and oversized filters from an admin with 400, changing nothing', async () => {
    const before = await snapshot(app, TABLES);
    const malformed: unknown[] = [
      { action: 'admin.everything' },
      { action: ['feedback.resolved'] },
      { actorId: 'a'.repeat(65) },
      { subjectId: 's'.repeat(10_000) },
      { subjectId: '   ' },
      { actorId: { $ne: null } },
      { from: 'not a date' },
      { to: '2024-02-30T25:00:00Z' },
      { from: '2025-01-02T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' },
      { cursor: { at: "2025-01-01T00:00:00.000000Z' or '1'='1", id: '00000000-0000-4000-8000-000000000000' } },
      { cursor: { at: '2025-01-01T00:00:00.000000Z', id: 'x'.repeat(100) } },
      { cursor: 'opaque' },
      'everything',
      [1, 2, 3],
    ];
    for (const input of malformed) {
      const result = await list(admin, input);
      expect(result.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(result.data).toBeUndefined();
      expect(JSON.stringify(result.error)).not.toMatch(/select|audit_events/i);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'malformed audit filters');
  });

  it('are queries: a POST is refused', async () => {
    expect((await callRaw(app, 'audit.list', { method: 'POST', cookie: admin.cookie, input: {} })).status).toBe(405);
    expect((await callRaw(app, 'audit.actors', { method: 'POST', cookie: admin.cookie })).status).toBe(405);
  });

  it('answer an admin, the start-up bootstrap among the entries', async () => {
    const result = await list(admin, {});
    expect(result.status).toBe(200);
    const data = result.data as { entries: { action: string }[] };
    expect(data.entries.map((e) => e.action)).toContain('admin.bootstrapped');
    expect((await actors(admin)).status).toBe(200);
  });
});
