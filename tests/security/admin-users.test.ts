import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_LIMITS } from '../../src/domain/admin-users';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import { expectSameRows, openSocket, procedureInventory, snapshot } from './helpers';

/**
 * /admin/users deletes accounts, grants the admin role, suspends members and exports the
 * newsletter's addresses, so every one of its procedures is the server's to refuse: a visitor gets 401, a member
 * (the target included) 403, malformed or oversized input 400 even for an admin, and none of them changes a row or
 * writes an audit entry.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;
let target: TestUser;
const { callRaw } = trpcAs(() => app);

const TABLES = ['users', 'sessions', 'user_roles', 'user_suspensions', 'audit_events', 'newsletter_subscriptions'];
const ADMIN_USERS = /^adminUsers\./;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mallory' });
  target = await testUser(app, { firstName: 'Tina' });
});
afterAll(() => app?.close());

const valid = (): Record<string, unknown> => ({
  'adminUsers.list': {},
  'adminUsers.newsletterOnly': {},
  'adminUsers.exportNewsletter': undefined,
  'adminUsers.delete': { userId: target.id, reason: 'Attack' },
  'adminUsers.setAdmin': { userId: member.id, admin: true, reason: 'Attack' },
  'adminUsers.suspend': { userId: target.id, days: null, reason: 'Attack' },
  'adminUsers.unsuspend': { userId: target.id, reason: 'Attack' },
});

const callable = () => procedureInventory().filter((p) => ADMIN_USERS.test(p.path) && p.type !== 'subscription');

describe('who may call', () => {
  it('every adminUsers procedure is admin-only', () => {
    const all = procedureInventory().filter((p) => ADMIN_USERS.test(p.path));
    expect(Object.fromEntries(all.map((p) => [p.path, `${p.type}/${p.guard}`]))).toEqual({
      'adminUsers.list': 'query/admin',
      'adminUsers.newsletterOnly': 'query/admin',
      'adminUsers.exportNewsletter': 'query/admin',
      'adminUsers.delete': 'mutation/admin',
      'adminUsers.setAdmin': 'mutation/admin',
      'adminUsers.suspend': 'mutation/admin',
      'adminUsers.unsuspend': 'mutation/admin',
      'adminUsers.events': 'subscription/admin',
    });
  });

  it('a visitor gets 401 and no data, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const p of callable()) {
      const result = await callRaw(null, p.path, valid()[p.path]);
      expect(result.status, p.path).toBe(401);
      expect(result.data, p.path).toBeUndefined();
    }
    expectSameRows(before, await snapshot(app, TABLES), 'visitor calls');
  });

  it('a member, the target included, gets 403 and no data (not even emails), and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const who of [member, target]) {
      for (const p of callable()) {
        const result = await callRaw(who, p.path, valid()[p.path]);
        expect(result.status, p.path).toBe(403);
        expect(result.data, p.path).toBeUndefined();
      }
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member calls');
  });

  it('the live stream is refused to a member and to a visitor', async () => {
    for (const who of [member, null]) {
      const socket = await openSocket(app, who);
      const reply = await socket.subscribe('adminUsers.events', {});
      expect(reply.error, JSON.stringify(reply)).toBeDefined();
      expect(reply.result?.type).not.toBe('data');
      socket.ws.close();
    }
  });
});

describe('malformed input is refused, even from an admin, and changes nothing', () => {
  const long = 'x'.repeat(10_000);
  const BAD: [string, unknown][] = [
    ['adminUsers.list', { search: 'x'.repeat(ADMIN_USER_LIMITS.searchMax + 1) }],
    ['adminUsers.list', { search: 42 }],
    ['adminUsers.list', { cursor: { joinedAt: 'yesterday', id: 'x' } }],
    ['adminUsers.list', { cursor: { joinedAt: new Date().toISOString(), id: long } }],
    ['adminUsers.list', { cursor: { joinedAt: "2020-01-01'; drop table users; --", id: 'x' } }],
    ['adminUsers.newsletterOnly', { cursor: { subscribedAt: new Date().toISOString(), id: 'not-a-uuid' } }],
    ['adminUsers.newsletterOnly', { cursor: 'x' }],
    ['adminUsers.delete', {}],
    ['adminUsers.delete', { userId: long }],
    ['adminUsers.delete', { userId: '' }],
    ['adminUsers.delete', { userId: ['x'] }],
    ['adminUsers.delete', { userId: 'x', reason: 'x'.repeat(ADMIN_USER_LIMITS.reasonMax + 1) }],
    // Every action on an account says why (the audit log keeps it): none, or blank, is refused.
    ['adminUsers.delete', { userId: 'x' }],
    ['adminUsers.delete', { userId: 'x', reason: '   ' }],
    ['adminUsers.setAdmin', { userId: 'x', admin: true }],
    ['adminUsers.setAdmin', { userId: 'x', admin: false, reason: '' }],
    ['adminUsers.setAdmin', { userId: 'x', admin: true, reason: 'x'.repeat(ADMIN_USER_LIMITS.reasonMax + 1) }],
    ['adminUsers.unsuspend', { userId: 'x' }],
    ['adminUsers.unsuspend', { userId: 'x', reason: ' ' }],
    ['adminUsers.setAdmin', { userId: 'x', reason: 'x' }],
    ['adminUsers.setAdmin', { userId: 'x', admin: 'yes', reason: 'x' }],
    ['adminUsers.setAdmin', { userId: long, admin: true, reason: 'x' }],
    ['adminUsers.suspend', { userId: 'x', days: 1 }],
    ['adminUsers.suspend', { userId: 'x', days: 1, reason: '' }],
    ['adminUsers.suspend', { userId: 'x', days: 1.5, reason: 'x' }],
    ['adminUsers.suspend', { userId: 'x', days: -1, reason: 'x' }],
    ['adminUsers.suspend', { userId: 'x', days: ADMIN_USER_LIMITS.suspensionDaysMax + 1, reason: 'x' }],
    ['adminUsers.suspend', { userId: 'x', reason: 'x' }],
    ['adminUsers.suspend', { userId: 'x', days: null, reason: 'x'.repeat(ADMIN_USER_LIMITS.reasonMax + 1) }],
    ['adminUsers.unsuspend', { userId: long, reason: 'x' }],
    ['adminUsers.unsuspend', undefined],
  ];

  it('each is a 400', async () => {
    const before = await snapshot(app, TABLES);
    for (const [path, input] of BAD) {
      const result = await callRaw(admin, path, input);
      expect(result.status, `${path} ${JSON.stringify(input)?.slice(0, 80)}`).toBe(400);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'malformed admin input');
  });

  it('a reason of exactly the maximum is accepted (the bound is the only limit)', async () => {
    const { ok } = trpcAs(app);
    const victim = await testUser(app);
    await ok(admin, 'adminUsers.suspend', {
      userId: victim.id,
      days: 1,
      reason: 'x'.repeat(ADMIN_USER_LIMITS.reasonMax),
    });
  });
});
