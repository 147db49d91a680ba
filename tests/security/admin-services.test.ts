import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LIMITS } from '../../src/domain/audit';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import { expectSameRows, procedureInventory, snapshot, validService } from './helpers';

/**
 * /admin-services deletes and restores anyone's service and settles polls, so every one of its
 * procedures is the server's to refuse: a visitor gets 401, a member (the service's owner included) 403, malformed or
 * oversized input 400 even for an admin, and none of them changes a row or writes an audit entry.
 */
let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let serviceId: string;
const { callRaw } = trpcAs(() => app);

const TABLES = ['services', 'polls', 'service_reports', 'audit_events'];
const ADMIN_SERVICES = /^adminServices\./;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  owner = await testUser(app, { firstName: 'Olive' });
  member = await testUser(app, { firstName: 'Mallory' });
  const { ok } = trpcAs(app);
  serviceId = (await ok(owner, 'services.create', validService())).id;
  // A hidden service, so restore would have something to do if it were let through.
  await app.database.db.execute(sql`update services set hidden_at = now() where id = ${serviceId}`);
});
afterAll(() => app?.close());

const valid = (): Record<string, unknown> => ({
  'adminServices.list': {},
  'adminServices.delete': { serviceId, reason: 'Scam' },
  'adminServices.restore': { serviceId, reason: 'Fine after all' },
  'adminServices.dismissPoll': { pollId: serviceId, reason: 'Not a ban' },
});

describe('who may call', () => {
  const procedures = () => procedureInventory().filter((p) => ADMIN_SERVICES.test(p.path));

  it('every adminServices procedure is admin-only', () => {
    expect(Object.fromEntries(procedures().map((p) => [p.path, `${p.type}/${p.guard}`]))).toEqual({
      'adminServices.list': 'query/admin',
      'adminServices.delete': 'mutation/admin',
      'adminServices.restore': 'mutation/admin',
      'adminServices.dismissPoll': 'mutation/admin',
    });
  });

  it('a visitor gets 401 and no data, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const p of procedures()) {
      const result = await callRaw(null, p.path, valid()[p.path]);
      expect(result.status, p.path).toBe(401);
      expect(result.data, p.path).toBeUndefined();
    }
    expectSameRows(before, await snapshot(app, TABLES), 'visitor calls');
  });

  it("a member, the service's owner included, gets 403 and no data, and nothing changes", async () => {
    const before = await snapshot(app, TABLES);
    for (const who of [member, owner]) {
      for (const p of procedures()) {
        const result = await callRaw(who, p.path, valid()[p.path]);
        expect(result.status, p.path).toBe(403);
        expect(result.data, p.path).toBeUndefined();
      }
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member calls');
  });
});

describe('malformed input is refused, even from an admin, and changes nothing', () => {
  // A function: serviceId exists only once beforeAll has run (the real hidden service, so a reason let through
  // would restore or delete it and the snapshot would tell).
  const bad = (): [string, unknown][] => [
    ['adminServices.delete', {}],
    ['adminServices.delete', { serviceId: 'not-a-uuid' }],
    ['adminServices.delete', { serviceId: "' or 1=1 --" }],
    ['adminServices.delete', { serviceId: '00000000-0000-4000-8000-000000000000', reason: 42 }],
    ['adminServices.delete', { serviceId: null, reason: 'x'.repeat(AUDIT_LIMITS.reasonMax + 1) }],
    ['adminServices.restore', { serviceId: ['x'] }],
    ['adminServices.restore', undefined],
    // The why is required on each decision: missing, blank or only spaces is a 400.
    ['adminServices.restore', { serviceId }],
    ['adminServices.restore', { serviceId, reason: '' }],
    ['adminServices.restore', { serviceId, reason: '   ' }],
    ['adminServices.restore', { serviceId, reason: 'x'.repeat(AUDIT_LIMITS.reasonMax + 1) }],
    ['adminServices.delete', { serviceId }],
    ['adminServices.delete', { serviceId, reason: ' \n\t ' }],
    ['adminServices.dismissPoll', { pollId: '00000000-0000-4000-8000-000000000000' }],
    ['adminServices.dismissPoll', { pollId: '00000000-0000-4000-8000-000000000000', reason: '  ' }],
    ['adminServices.dismissPoll', { pollId: 'x'.repeat(10_000) }],
    ['adminServices.dismissPoll', { pollId: '00000000-0000-4000-8000-000000000000', reason: {} }],
    ['adminServices.list', { cursor: { phase: 'flagged' } }],
    ['adminServices.list', { cursor: { phase: 'rest', createdAt: 'yesterday', id: 'x' } }],
    [
      'adminServices.list',
      { cursor: { phase: 'flagged', reportCount: -1, createdAt: new Date().toISOString(), id: serviceId } },
    ],
    ['adminServices.list', { cursor: { phase: 'elsewhere' } }],
  ];

  it('each is a 400', async () => {
    const before = await snapshot(app, TABLES);
    for (const [path, input] of bad()) {
      const result = await callRaw(admin, path, input);
      expect(result.status, `${path} ${JSON.stringify(input)?.slice(0, 80)}`).toBe(400);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'malformed admin input');
  });

  it('a reason of exactly the maximum is accepted (the bound is the only limit)', async () => {
    const { ok } = trpcAs(app);
    const { id } = await ok(owner, 'services.create', validService('Deleted with a long reason'));
    await ok(admin, 'adminServices.delete', { serviceId: id, reason: 'x'.repeat(AUDIT_LIMITS.reasonMax) });
    const rows = await app.database.db.execute(sql`select 1 from audit_events where subject_id = ${id}`);
    expect(rows.rows).toHaveLength(1);
  });
});
