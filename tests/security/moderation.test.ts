import { and, eq, sql } from 'drizzle-orm';
import { userRoles } from '../../src/server/db/schema/profiles';
import { ADMIN_RECHECK_MS } from '../../src/server/features/accounts/admin-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_LIMITS, POLL_MESSAGES, REPORT_LIMITS, REPORT_MESSAGES } from '../../src/domain/polls';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import {
  expectSameRows,
  isClientError,
  makeAdmin,
  openSocket,
  procedureInventory,
  snapshot,
  validService,
} from './helpers';

/**
 * Reports and community polls. Every procedure refuses a visitor; the admin ones refuse members;
 * a member cannot report their own service, vote twice or on an ended poll, vote on a poll about their own service or
 * themselves, or vote with an account newer than the poll; a ban poll never targets an admin; malformed, blank and
 * oversized input is refused. Each refusal changes nothing (the moderation tables and the audit trail are compared before and after).
 */
let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let serviceId: string;
let pollId: string;
const { call, callRaw, ok } = trpcAs(() => app);

const TABLES = ['service_reports', 'polls', 'poll_votes', 'audit_events', 'services'];
const MODERATION = /^(reports|polls)\./;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  owner = await testUser(app, { firstName: 'Olive' });
  member = await testUser(app, { firstName: 'Mallory' });
  serviceId = (await ok(owner, 'services.create', validService())).id;
  await ok(member, 'reports.submit', { serviceId, reason: 'Other', description: 'First report' });
  pollId = (await ok(admin, 'polls.create', { pollType: 'service_deletion', serviceId, description: 'Reported' })).id;
  await ok(member, 'polls.vote', { pollId, vote: 'no' });
});
afterAll(() => app?.close());

const VALID: Record<string, unknown> = {
  'reports.submit': { serviceId: '', reason: 'Spam or scam', description: 'Looks like a scam' },
  'reports.counts': { serviceIds: [] },
  'reports.forService': { serviceId: '' },
  'reports.adminEvents': {},
  'polls.list': undefined,
  'polls.vote': { pollId: '', vote: 'yes' },
  'polls.create': { pollType: 'service_deletion', serviceId: '', description: 'Spam' },
  'polls.events': {},
};
/** The inputs, aimed at the real service and poll (filled in once they exist). */
const inputFor = (path: string) =>
  JSON.parse(
    JSON.stringify(VALID[path] ?? null).replaceAll('""', `"${path.startsWith('polls.vote') ? pollId : serviceId}"`),
  ) as unknown;

describe('who may call', () => {
  const procedures = () => procedureInventory().filter((p) => MODERATION.test(p.path));

  it('every report and poll procedure is listed here with its tier', () => {
    const tiers = Object.fromEntries(procedures().map((p) => [p.path, p.guard]));
    expect(tiers).toEqual({
      'polls.create': 'admin',
      'polls.events': 'authed',
      'polls.list': 'authed',
      'polls.vote': 'authed',
      'reports.adminEvents': 'admin',
      'reports.counts': 'admin',
      'reports.forService': 'admin',
      'reports.submit': 'authed',
    });
  });

  it('a visitor is refused every query and mutation, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const p of procedures().filter((p) => p.type !== 'subscription')) {
      const result = await callRaw(null, p.path, inputFor(p.path));
      expect(result.status, p.path).toBe(401);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'visitor calls');
  });

  it('a member is refused every admin query and mutation, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const p of procedures().filter((p) => p.guard === 'admin' && p.type !== 'subscription')) {
      const result = await callRaw(member, p.path, inputFor(p.path));
      expect(result.status, p.path).toBe(403);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member calls to admin procedures');
  });

  it("live polls need a session, and the admins' channel needs an admin", async () => {
    const visitor = await openSocket(app, null);
    expect((await visitor.subscribe('polls.events', {})).error?.data?.code).toBe('UNAUTHORIZED');
    expect((await visitor.subscribe('reports.adminEvents', {})).error?.data?.code).toBe('UNAUTHORIZED');
    visitor.close();
    const socket = await openSocket(app, member);
    expect((await socket.subscribe('reports.adminEvents', {})).error?.data?.code).toBe('FORBIDDEN');
    expect((await socket.subscribe('polls.events', {})).error).toBeUndefined();
    socket.close();
    const adminSocket = await openSocket(app, admin);
    expect((await adminSocket.subscribe('reports.adminEvents', {})).error).toBeUndefined();
    adminSocket.close();
  });
});

describe('the rules hold whatever a member sends', () => {
  it('reporting your own service is refused', async () => {
    const before = await snapshot(app, TABLES);
    const own = await call(owner, 'reports.submit', { serviceId, reason: 'Other', description: 'Mine' });
    expect(own.status).toBe(403);
    expect(own.error?.message).toBe(REPORT_MESSAGES.ownService);
    expectSameRows(before, await snapshot(app, TABLES), 'own report');
  });

  it('a second report and a second vote are refused', async () => {
    const before = await snapshot(app, TABLES);
    const report = await call(member, 'reports.submit', { serviceId, reason: 'Other', description: 'Again' });
    expect(report.status).toBe(409);
    expect(report.error?.message).toBe(REPORT_MESSAGES.alreadyReported);
    const vote = await call(member, 'polls.vote', { pollId, vote: 'yes' });
    expect(vote.status).toBe(409);
    expect(vote.error?.message).toBe(POLL_MESSAGES.alreadyVoted);
    expectSameRows(before, await snapshot(app, TABLES), 'second report and vote');
  });

  it('a vote on an expired or closed poll is refused', async () => {
    const other = (await ok(owner, 'services.create', validService('Chemistry homework help'))).id;
    const poll = await ok(admin, 'polls.create', { pollType: 'service_deletion', serviceId: other, description: 'x' });
    await app.database.db.execute(sql`update polls set expires_at = now() - interval '1 minute' where id = ${poll.id}`);
    const before = await snapshot(app, TABLES);
    const expired = await call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' });
    expect(expired.status).toBe(409);
    expect(expired.error?.message).toBe(POLL_MESSAGES.pollEnded);
    expectSameRows(before, await snapshot(app, TABLES), 'vote on an expired poll');
    await app.database.db.execute(
      sql`update polls set is_active = false, closed_at = now(), expires_at = now() + interval '1 day' where id = ${poll.id}`,
    );
    const closedBefore = await snapshot(app, TABLES);
    const closed = await call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' });
    expect(closed.status).toBe(409);
    expectSameRows(closedBefore, await snapshot(app, TABLES), 'vote on a closed poll');
  });

  it('malformed, blank and oversized input is refused and changes nothing', async () => {
    const before = await snapshot(app, TABLES);
    const refused: [TestUser, string, unknown][] = [
      [member, 'reports.submit', { serviceId, reason: 'Because I said so', description: 'x' }],
      [member, 'reports.submit', { serviceId, reason: 'Other', description: '   ' }],
      [
        member,
        'reports.submit',
        { serviceId, reason: 'Other', description: 'x'.repeat(REPORT_LIMITS.descriptionMax + 1) },
      ],
      [member, 'reports.submit', { serviceId: 'not-a-uuid', reason: 'Other', description: 'x' }],
      [member, 'reports.submit', { serviceId, reason: 'Other', description: 'x', reporterId: admin.id, extra: 1 }],
      [member, 'reports.submit', null],
      [member, 'polls.vote', { pollId, vote: 'maybe' }],
      [member, 'polls.vote', { pollId: 'x'.repeat(10_000), vote: 'yes' }],
      [member, 'polls.vote', { pollId, vote: ['yes', 'yes'] }],
      [admin, 'polls.create', { pollType: 'service_deletion', serviceId, description: '' }],
      [admin, 'polls.create', { pollType: 'service_deletion', serviceId, description: ' \n\t ' }],
      [
        admin,
        'polls.create',
        { pollType: 'service_deletion', serviceId, description: 'x'.repeat(POLL_LIMITS.descriptionMax + 1) },
      ],
      [admin, 'polls.create', { pollType: 'user_ban', targetUserId: 'x'.repeat(101), description: 'x' }],
      [
        admin,
        'polls.create',
        { pollType: 'service_deletion', serviceId, title: 'x'.repeat(POLL_LIMITS.titleMax + 1), description: 'x' },
      ],
      [admin, 'polls.create', { pollType: 'delete_everything', serviceId, description: 'x' }],
      [
        admin,
        'reports.counts',
        { serviceIds: Array.from({ length: REPORT_LIMITS.countsMaxServices + 1 }, () => serviceId) },
      ],
      [admin, 'reports.counts', { serviceIds: ['nope'] }],
      [admin, 'reports.forService', { serviceId: 'nope' }],
    ];
    for (const [who, path, input] of refused) {
      const result = await callRaw(who, path, input);
      // Extra keys are stripped rather than refused: what matters is that they change nothing (checked below).
      if (path === 'reports.submit' && (input as { extra?: number } | null)?.extra) {
        expect(result.status, `${path} ${JSON.stringify(input).slice(0, 80)}`).toBe(409);
        continue;
      }
      expect(isClientError(result.status), `${path} ${JSON.stringify(input).slice(0, 80)}: ${result.status}`).toBe(
        true,
      );
    }
    expectSameRows(before, await snapshot(app, TABLES), 'malformed input');
  });

  it('a member starting a poll is refused even for a real subject (admins only)', async () => {
    const before = await snapshot(app, TABLES);
    const result = await call(member, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: owner.id,
      description: 'x',
    });
    expect(result.status).toBe(403);
    expectSameRows(before, await snapshot(app, TABLES), 'member poll');
  });

  it('a poll about a user shows their first name and last initial only, never their full name or email', async () => {
    const target = await testUser(app, { firstName: 'Tess', lastName: 'Target' });
    const poll = await ok(admin, 'polls.create', { pollType: 'user_ban', targetUserId: target.id, description: 'x' });
    expect(poll).toMatchObject({ title: 'Ban user: Tess T.', subjectName: 'Tess T.' });
    const list = (await ok(member, 'polls.list')).polls;
    const listed = list.find((p) => p.targetUserId === target.id);
    expect(listed).toMatchObject({ title: 'Ban user: Tess T.', subjectName: 'Tess T.' });
    expect(JSON.stringify(list)).not.toContain(target.email);
    expect(JSON.stringify(list)).not.toContain('Target');
  });
});

describe('who may vote, and who may be the subject of a ban poll', () => {
  it('the owner of a service cannot vote on its removal; nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    const result = await call(owner, 'polls.vote', { pollId, vote: 'no' });
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(POLL_MESSAGES.ownServiceVote);
    expectSameRows(before, await snapshot(app, TABLES), 'owner vote');
  });

  it('the subject of a ban poll cannot vote on it; nothing changes', async () => {
    const target = await testUser(app, { firstName: 'Sam' });
    const ban = await ok(admin, 'polls.create', { pollType: 'user_ban', targetUserId: target.id, description: 'x' });
    const before = await snapshot(app, TABLES);
    const result = await call(target, 'polls.vote', { pollId: ban.id, vote: 'no' });
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(POLL_MESSAGES.selfVote);
    expectSameRows(before, await snapshot(app, TABLES), 'target vote');
  });

  it('accounts made after a poll started cannot vote on it, so fresh sign-ups cannot pass it', async () => {
    const before = await snapshot(app, TABLES);
    for (let i = 0; i < 3; i++) {
      const fresh = await testUser(app);
      const result = await call(fresh, 'polls.vote', { pollId, vote: 'yes' });
      expect(result.status).toBe(403);
      expect(result.error?.message).toBe(POLL_MESSAGES.accountTooNew);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'fresh accounts voting');
  });

  it('an admin cannot start a ban poll about an admin or about themselves; nothing changes', async () => {
    const otherAdmin = await testUser(app, { firstName: 'Ada' });
    await makeAdmin(app, otherAdmin);
    const before = await snapshot(app, TABLES);
    const self = await call(admin, 'polls.create', { pollType: 'user_ban', targetUserId: admin.id, description: 'x' });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(POLL_MESSAGES.cannotTargetSelf);
    const peer = await call(admin, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: otherAdmin.id,
      description: 'x',
    });
    expect(peer.status).toBe(403);
    expect(peer.error?.message).toBe(POLL_MESSAGES.cannotTargetAdmin);
    expectSameRows(before, await snapshot(app, TABLES), 'ban polls on admins');
  });
});

describe('an admin who loses the role', () => {
  it('stops receiving the reports stream: the next report is not delivered and the stream ends', async () => {
    const former = await testUser(app, { firstName: 'Former' });
    await makeAdmin(app, former);
    const socket = await openSocket(app, former);
    socket.ws.send(
      JSON.stringify({ id: 41, method: 'subscription', params: { path: 'reports.adminEvents', input: {} } }),
    );
    await expect.poll(() => socket.repliesOf(41).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const report = async (description: string) => {
      const service = await ok(owner, 'services.create', validService(`Lessons ${description}`));
      await ok(member, 'reports.submit', { serviceId: service.id, reason: 'Other', description });
      await app.events.drain();
    };

    await report('seen by the admin');
    await expect.poll(() => JSON.stringify(socket.repliesOf(41)), { timeout: 5_000 }).toContain('seen by the admin');

    await app.database.db.delete(userRoles).where(and(eq(userRoles.userId, former.id), eq(userRoles.role, 'admin')));
    // Past the window in which one check holds (so the next event is checked again).
    await new Promise((resolve) => setTimeout(resolve, ADMIN_RECHECK_MS + 100));
    await report('secret after demotion');
    await expect
      .poll(() => socket.repliesOf(41).find((r) => r.error)?.error?.data?.code, { timeout: 5_000 })
      .toBe('FORBIDDEN');
    expect(JSON.stringify(socket.repliesOf(41))).not.toContain('secret after demotion');
    socket.close();
  });
});
