import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_REPORT_LIMITS } from '../../src/domain/member-reports';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import { expectSameRows, openSocket, procedureInventory, snapshot } from './helpers';

/**
 * Member reports carry what members wrote to the moderators, and their queue acts on accounts: a visitor gets 401
 * for every procedure, a member 403 for the admin ones, malformed or oversized input 400 even from an admin, and
 * none of them changes a row. The platform-wide mute holds on the WebSocket path the web sends messages on.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;
let target: TestUser;
let roomId: string;
let roomMessageId: string;
const { callRaw, ok } = trpcAs(() => app);

const TABLES = ['member_reports', 'member_mutes', 'user_suspensions', 'audit_events', 'chat_messages', 'messages'];
const MEMBER_REPORTS = /^memberReports\./;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mallory' });
  target = await testUser(app, { firstName: 'Tina' });
  const room = await ok(target, 'rooms.create', { name: 'Secret club', isPrivate: true });
  roomId = room.id;
  roomMessageId = (await ok(target, 'roomMessages.send', { roomId, content: 'Members only' })).id;
  // One open report in the queue, for a member to try to read.
  await ok(admin, 'memberReports.submit', { targetKind: 'member', targetId: target.id, reason: 'spam' });
});
afterAll(() => app?.close());

const valid = (): Record<string, unknown> => ({
  'memberReports.submit': { targetKind: 'member', targetId: target.id, reason: 'harassment' },
  'memberReports.myMute': undefined,
  'memberReports.queue': { sort: 'newest' },
  'memberReports.resolve': { action: 'mute', targetKind: 'member', targetId: target.id, reason: 'Attack', hours: 720 },
});
const ADMIN_ONLY = ['memberReports.queue', 'memberReports.resolve'];

describe('who may call', () => {
  it('reporting is for signed-in members; the queue and its actions for admins only', () => {
    const all = procedureInventory().filter((p) => MEMBER_REPORTS.test(p.path));
    expect(Object.fromEntries(all.map((p) => [p.path, `${p.type}/${p.guard}`]))).toEqual({
      'memberReports.submit': 'mutation/authed',
      'memberReports.myMute': 'query/authed',
      'memberReports.queue': 'query/admin',
      'memberReports.resolve': 'mutation/admin',
      'memberReports.events': 'subscription/admin',
    });
  });

  it('a visitor gets 401 for every procedure, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const [path, input] of Object.entries(valid())) {
      const result = await callRaw(null, path, input);
      expect(result.status, path).toBe(401);
      expect(result.data, path).toBeUndefined();
    }
    expectSameRows(before, await snapshot(app, TABLES), 'visitor calls');
  });

  it('a member, the reported one included, cannot read the queue nor act on it', async () => {
    const before = await snapshot(app, TABLES);
    for (const who of [member, target]) {
      for (const path of ADMIN_ONLY) {
        const result = await callRaw(who, path, valid()[path]);
        expect(result.status, path).toBe(403);
        expect(result.data, path).toBeUndefined();
        expect(JSON.stringify(result.error)).not.toContain('Tina');
      }
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member calls');
  });

  it('the queue’s live stream is refused to a member and to a visitor', async () => {
    for (const who of [member, null]) {
      const socket = await openSocket(app, who);
      const reply = await socket.subscribe('memberReports.events', {});
      expect(reply.error, JSON.stringify(reply)).toBeDefined();
      expect(reply.result?.type).not.toBe('data');
      socket.ws.close();
    }
  });

  it('a report of a private room’s message by an outsider is not found, over HTTP and the socket', async () => {
    const before = await snapshot(app, TABLES);
    const input = { targetKind: 'room_message', targetId: roomMessageId, reason: 'spam' };
    expect((await callRaw(member, 'memberReports.submit', input)).status).toBe(404);
    const socket = await openSocket(app, member);
    const reply = await socket.call('mutation', 'memberReports.submit', input);
    expect(reply.error?.data?.httpStatus).toBe(404);
    socket.close();
    expectSameRows(before, await snapshot(app, TABLES), 'outsider report');
  });
});

describe('malformed input is refused, even from an admin, and changes nothing', () => {
  const long = 'x'.repeat(10_000);
  const BAD: [string, unknown][] = [
    ['memberReports.submit', {}],
    ['memberReports.submit', { targetKind: 'service', targetId: 'x', reason: 'spam' }],
    ['memberReports.submit', { targetKind: 'member', targetId: long, reason: 'spam' }],
    ['memberReports.submit', { targetKind: 'member', targetId: '', reason: 'spam' }],
    ['memberReports.submit', { targetKind: 'member', targetId: 'x', reason: 'Spam' }],
    ['memberReports.submit', { targetKind: 'member', targetId: 'x', reason: 'spam', description: 42 }],
    [
      'memberReports.submit',
      {
        targetKind: 'member',
        targetId: 'x',
        reason: 'spam',
        description: 'x'.repeat(MEMBER_REPORT_LIMITS.descriptionMax + 1),
      },
    ],
    ['memberReports.queue', { sort: 'oldest' }],
    ['memberReports.resolve', { action: 'delete', targetKind: 'member', targetId: 'x', reason: 'x' }],
    ['memberReports.resolve', { action: 'dismiss', targetKind: 'member', targetId: 'x' }],
    ['memberReports.resolve', { action: 'dismiss', targetKind: 'member', targetId: 'x', reason: '   ' }],
    ['memberReports.resolve', { action: 'dismiss', targetKind: 'member', targetId: 'x', reason: long }],
    ['memberReports.resolve', { action: 'mute', targetKind: 'member', targetId: 'x', reason: 'x', hours: 5 }],
    ['memberReports.resolve', { action: 'mute', targetKind: 'member', targetId: 'x', reason: 'x' }],
    ['memberReports.resolve', { action: 'suspend', targetKind: 'member', targetId: 'x', reason: 'x', days: 2 }],
    ['memberReports.resolve', { action: 'suspend', targetKind: 'member', targetId: long, reason: 'x', days: 1 }],
  ];
  it.each(BAD.map(([path, input], i) => [`${path} #${i}`, path, input] as const))('%s', async (_name, path, input) => {
    const before = await snapshot(app, TABLES);
    const result = await callRaw(admin, path, input);
    expect(result.status, JSON.stringify(result.error)).toBe(400);
    expectSameRows(before, await snapshot(app, TABLES), path);
  });

  it('an id that is not a uuid for a message, review or room is not found, never a server error', async () => {
    for (const targetKind of ['direct_message', 'room_message', 'review', 'room']) {
      const result = await callRaw(member, 'memberReports.submit', {
        targetKind,
        targetId: "x' or 1=1",
        reason: 'spam',
      });
      expect(result.status, targetKind).toBe(404);
    }
  });
});

describe('the platform-wide mute holds over the WebSocket', () => {
  it('a muted member’s room message sent over the socket is refused and writes nothing', async () => {
    const muted = await testUser(app, { firstName: 'Muted' });
    const room = await ok(target, 'rooms.create', { name: 'Open room' });
    await ok(member, 'memberReports.submit', { targetKind: 'member', targetId: muted.id, reason: 'spam' });
    await ok(admin, 'memberReports.resolve', {
      action: 'mute',
      targetKind: 'member',
      targetId: muted.id,
      reason: 'Flooding',
      hours: 1,
    });
    const socket = await openSocket(app, muted);
    const reply = await socket.call('mutation', 'roomMessages.send', { roomId: room.id, content: 'Over the socket' });
    socket.close();
    expect(reply.result).toBeUndefined();
    expect(reply.error?.data?.httpStatus).toBe(403);
    expect((reply.error?.data as { appCode?: string }).appCode).toBe('MEMBER_MUTED');
    const { rows } = await app.database.db.execute(
      sql`select 1 from chat_messages where sender_id = ${muted.id} and content = 'Over the socket'`,
    );
    expect(rows).toEqual([]);
  });
});
