/**
 * Room bans, moderation in a public room and the live rooms list: the Banned list and Unban are the
 * creator's and a private room's admins' only, whoever else asks (a moderator, a plain member, an outsider, the banned
 * user, a visitor) is refused and nothing changes; in a public room a stored admin or moderator is a plain member
 * (spec 3, section 4) and every moderation call of theirs is refused with nothing changed; the rooms list's
 * subscription never carries a private room to anyone outside it, a banned user included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../src/server/testing/test-app';
import { expectSameRows, isClientError, openSocket, snapshot, type TestUser } from './helpers';

let app: TestApp;
let creator: TestUser;
let roomAdmin: TestUser;
let moderator: TestUser;
let plain: TestUser;
let banned: TestUser;
let outsider: TestUser;
let roomId: string;
const { call, callRaw, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  creator = await testUser(app, { firstName: 'Cleo' });
  roomAdmin = await testUser(app, { firstName: 'Abe' });
  moderator = await testUser(app, { firstName: 'Mona' });
  plain = await testUser(app, { firstName: 'Pia' });
  banned = await testUser(app, { firstName: 'Bert', lastName: 'Bannedperson' });
  outsider = await testUser(app, { firstName: 'Olga' });
  const room = await ok(creator, 'rooms.create', { name: 'Quiet library', isPrivate: true });
  roomId = room.id;
  for (const who of [roomAdmin, moderator, plain, banned])
    await ok(creator, 'rooms.addMember', { id: roomId, userId: who.id });
  await ok(creator, 'rooms.setRole', { id: roomId, userId: roomAdmin.id, role: 'admin' });
  await ok(creator, 'rooms.setRole', { id: roomId, userId: moderator.id, role: 'moderator' });
  await ok(roomAdmin, 'rooms.memberAction', { id: roomId, userId: banned.id, action: 'ban' });
}, 60_000);
afterAll(() => app?.close());

const REFUSED: [string, () => TestUser | null][] = [
  ['a moderator', () => moderator],
  ['a plain member', () => plain],
  ['an outsider', () => outsider],
  ['the banned user', () => banned],
  ['a visitor', () => null],
];

describe('the banned list and unban', () => {
  it.each(REFUSED)('%s cannot list the banned: refused, and no banned name leaks', async (_who, who) => {
    const result = await call(who(), 'rooms.bans', { id: roomId });
    expect(isClientError(result.status), JSON.stringify(result)).toBe(true);
    expect(JSON.stringify(result)).not.toContain('Bannedperson');
  });

  it.each(REFUSED)('%s cannot unban: refused, and no row changes', async (_who, who) => {
    const before = await snapshot(app);
    const result = await call(who(), 'rooms.unban', { id: roomId, userId: banned.id });
    expect(isClientError(result.status), JSON.stringify(result)).toBe(true);
    expectSameRows(before, await snapshot(app), 'rooms.unban');
  });

  it('malformed or oversized input is refused with a 400 and changes nothing', async () => {
    const before = await snapshot(app);
    for (const [path, input] of [
      ['rooms.bans', { id: 'not-a-uuid' }],
      ['rooms.bans', {}],
      ['rooms.unban', { id: roomId, userId: 'x'.repeat(65) }],
      ['rooms.unban', { id: roomId, userId: '' }],
      ['rooms.unban', { id: roomId, userId: 42 }],
      ['rooms.unban', { id: `${roomId}x`, userId: banned.id }],
    ] as const) {
      const result = await callRaw(roomAdmin, path, input);
      expect(result.status, `${path} ${JSON.stringify(input)}`).toBe(400);
    }
    expectSameRows(before, await snapshot(app), 'malformed bans and unbans');
  });

  it('extra fields in an unban (a membership, a role, who banned) are ignored: the ban goes, no member is made', async () => {
    const victim = await testUser(app, { firstName: 'Vic' });
    await ok(creator, 'rooms.addMember', { id: roomId, userId: victim.id });
    await ok(creator, 'rooms.memberAction', { id: roomId, userId: victim.id, action: 'ban' });
    await callRaw(roomAdmin, 'rooms.unban', {
      id: roomId,
      userId: victim.id,
      role: 'admin',
      member: true,
      bannedBy: null,
    });
    expect((await ok(creator, 'rooms.members', { id: roomId })).map((m) => m.userId)).not.toContain(victim.id);
    expect((await ok(creator, 'rooms.bans', { id: roomId })).map((b) => b.userId)).not.toContain(victim.id);
  });
});

describe('the live rooms list', () => {
  it('a visitor cannot subscribe', async () => {
    const socket = await openSocket(app, null);
    try {
      const reply = await socket.subscribe('rooms.listEvents', {});
      expect(reply.error?.data?.code).toBe('UNAUTHORIZED');
    } finally {
      socket.close();
    }
  });

  it('an oversized resume id is refused', async () => {
    const socket = await openSocket(app, plain);
    try {
      const reply = await socket.subscribe('rooms.listEvents', { lastEventId: 'x'.repeat(101) });
      expect(reply.error?.data?.code).toBe('BAD_REQUEST');
    } finally {
      socket.close();
    }
  });

  it('neither a banned user nor an outsider receives a private room created, renamed or unbanned', async () => {
    const sockets = await Promise.all([openSocket(app, banned), openSocket(app, outsider), openSocket(app, plain)]);
    try {
      for (const socket of sockets) {
        socket.ws.send(
          JSON.stringify({ id: 7, method: 'subscription', params: { path: 'rooms.listEvents', input: {} } }),
        );
        await expect.poll(() => socket.repliesOf(7).length).toBeGreaterThan(0);
      }
      const hidden = await ok(creator, 'rooms.create', { name: 'Hidden vault', isPrivate: true });
      await ok(creator, 'rooms.addMember', { id: hidden.id, userId: plain.id });
      await ok(creator, 'rooms.update', {
        id: roomId,
        name: 'Quiet library annex',
        description: 'Shh',
        isPrivate: true,
      });
      await ok(roomAdmin, 'rooms.unban', { id: roomId, userId: banned.id });
      // The member added hears of the room: by then the others would have too.
      const [bannedSocket, outsiderSocket, plainSocket] = sockets;
      await expect.poll(() => JSON.stringify(plainSocket!.repliesOf(7))).toContain('Hidden vault');
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const socket of [bannedSocket!, outsiderSocket!]) {
        const text = JSON.stringify(socket.repliesOf(7));
        expect(text).not.toContain('Hidden vault');
        expect(text).not.toContain('Quiet library');
        expect(text).not.toContain(hidden.id);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('a public room: its stored admin and moderator moderate nothing', () => {
  let openId: string;
  let quiet: TestUser;
  let newcomer: TestUser;

  beforeAll(async () => {
    quiet = await testUser(app, { firstName: 'Quinn' });
    newcomer = await testUser(app, { firstName: 'Nell' });
    const room = await ok(creator, 'rooms.create', { name: 'Open courtyard', isPrivate: false });
    openId = room.id;
    for (const who of [roomAdmin, moderator, plain, quiet, banned])
      await ok(creator, 'rooms.addMember', { id: openId, userId: who.id });
    await ok(creator, 'rooms.setRole', { id: openId, userId: roomAdmin.id, role: 'admin' });
    await ok(creator, 'rooms.setRole', { id: openId, userId: moderator.id, role: 'moderator' });
    await ok(creator, 'rooms.memberAction', { id: openId, userId: quiet.id, action: 'mute' });
    await ok(creator, 'rooms.memberAction', { id: openId, userId: banned.id, action: 'ban' });
  }, 60_000);

  const STAFF: [string, () => TestUser][] = [
    ['the stored admin', () => roomAdmin],
    ['the stored moderator', () => moderator],
  ];
  /** Each call would change a row (or show the banned) if the stored role still counted in a public room. */
  const DEEDS: [string, (who: TestUser) => Promise<{ status: number }>][] = [
    ['kick a member', (who) => call(who, 'rooms.memberAction', { id: openId, userId: plain.id, action: 'kick' })],
    ['mute a member', (who) => call(who, 'rooms.memberAction', { id: openId, userId: plain.id, action: 'mute' })],
    ['unmute a member', (who) => call(who, 'rooms.memberAction', { id: openId, userId: quiet.id, action: 'unmute' })],
    ['ban a member', (who) => call(who, 'rooms.memberAction', { id: openId, userId: plain.id, action: 'ban' })],
    ['remove a member', (who) => call(who, 'rooms.memberAction', { id: openId, userId: plain.id, action: 'remove' })],
    [
      'make a member a moderator',
      (who) => call(who, 'rooms.setRole', { id: openId, userId: plain.id, role: 'moderator' }),
    ],
    ['demote the moderator', (who) => call(who, 'rooms.setRole', { id: openId, userId: moderator.id, role: 'member' })],
    ['list the banned', (who) => call(who, 'rooms.bans', { id: openId })],
    ['unban', (who) => call(who, 'rooms.unban', { id: openId, userId: banned.id })],
    ['invite', (who) => call(who, 'rooms.addMember', { id: openId, userId: newcomer.id })],
  ];

  it.each(STAFF.flatMap(([who, actor]) => DEEDS.map(([what, deed]) => [who, what, actor, deed] as const)))(
    '%s cannot %s: refused, no banned name leaks, and no row changes',
    async (_who, what, actor, deed) => {
      const before = await snapshot(app);
      const result = await deed(actor());
      expect(result.status, JSON.stringify(result)).toBe(403);
      expect(JSON.stringify(result)).not.toContain('Bannedperson');
      expectSameRows(before, await snapshot(app), what);
    },
  );
});
