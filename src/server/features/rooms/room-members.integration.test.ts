import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, ROOM_LIMITS, ROOM_MESSAGES, type MemberAction, type RoomRole } from '../../../domain/rooms';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../testing/test-app';
import { recordedEvents, roomTables, storedMessages, watchAs } from './room-test-helpers';

let app: TestApp;
let creator: TestUser;
let admin: TestUser;
let moderator: TestUser;
let plain: TestUser;
let other: TestUser;
let outsider: TestUser;
/** Never in any room until a test invites them. */
let newcomer: TestUser;
const { call, ok } = trpcAs(() => app);

const BANNED = 'You are banned from this room';
const NO_ACCESS = ROOM_MESSAGES.noAccess;

beforeAll(async () => {
  // One creator makes every test's rooms, faster than a person: the mutation limit has its own battery file.
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  creator = await testUser(app, { firstName: 'Cora', lastName: 'Creator' });
  admin = await testUser(app, { firstName: 'Ada', lastName: 'Admin' });
  moderator = await testUser(app, { firstName: 'Milo', lastName: 'Moderator' });
  plain = await testUser(app, { firstName: 'Pam', lastName: 'Plain' });
  other = await testUser(app, { firstName: 'Otto', lastName: 'Plain' });
  outsider = await testUser(app, { firstName: 'Olaf', lastName: 'Outsider' });
  newcomer = await testUser(app, { firstName: 'Nia', lastName: 'Newcomer' });
});
afterAll(() => app.close());

/** A room with an admin, a moderator and two plain members, set up through the procedures. */
async function staffedRoom(isPrivate: boolean) {
  const room = await ok(creator, 'rooms.create', { name: 'Debate club', isPrivate });
  for (const who of [admin, moderator, plain, other]) {
    await ok(creator, 'rooms.addMember', { id: room.id, userId: who.id });
  }
  await ok(creator, 'rooms.setRole', { id: room.id, userId: admin.id, role: 'admin' });
  await ok(creator, 'rooms.setRole', { id: room.id, userId: moderator.id, role: 'moderator' });
  return room.id;
}

async function roleOf(roomId: string, userId: string): Promise<string | null> {
  const { rows } = await app.database.db.execute<{ role: string }>(
    sql`select role from chat_room_members where room_id = ${roomId} and user_id = ${userId}`,
  );
  return rows[0]?.role ?? null;
}

describe('the members list', () => {
  it('lists the creator first, then admins, moderators and members by name, with public fields only', async () => {
    const id = await staffedRoom(true);
    const members = await ok(plain, 'rooms.members', { id });
    expect(members.map((m) => [m.firstName, m.role, m.isCreator])).toEqual([
      ['Cora', 'admin', true],
      ['Ada', 'admin', false],
      ['Milo', 'moderator', false],
      ['Otto', 'member', false],
      ['Pam', 'member', false],
    ]);
    expect(Object.keys(members[0]!).sort()).toEqual(
      ['avatarUrl', 'firstName', 'isCreator', 'lastName', 'muted', 'role', 'userId'].sort(),
    );
    expect(JSON.stringify(members)).not.toContain('@example.com');
  });

  it('an outsider reads a public room’s members but not a private room’s', async () => {
    expect(await ok(outsider, 'rooms.members', { id: await staffedRoom(false) })).toHaveLength(5);
    const refused = await call(outsider, 'rooms.members', { id: await staffedRoom(true) });
    expect([refused.status, refused.error?.message]).toEqual([403, NO_ACCESS]);
  });
});

describe('joining and leaving', () => {
  it('anyone signed in joins a public room once, with a notice; a private room only by invitation', async () => {
    const open = await ok(creator, 'rooms.create', { name: 'Open' });
    const joined = await ok(outsider, 'rooms.join', { id: open.id });
    expect(joined).toMatchObject({ userId: outsider.id, role: 'member', isCreator: false, muted: false });
    expect(await storedMessages(app, open.id)).toEqual([
      { kind: 'member_joined', content: null, payload: { userId: outsider.id, name: 'Olaf Outsider' } },
    ]);
    const again = await call(outsider, 'rooms.join', { id: open.id });
    expect([again.status, again.error?.message]).toEqual([409, MEMBER_MESSAGES.alreadyMember]);
    expect((await call(creator, 'rooms.join', { id: open.id })).status).toBe(409);
    expect((await call(null, 'rooms.join', { id: open.id })).status).toBe(401);

    const secret = await ok(creator, 'rooms.create', { name: 'Secret', isPrivate: true });
    const before = await roomTables(app);
    const refused = await call(outsider, 'rooms.join', { id: secret.id });
    expect([refused.status, refused.error?.message]).toEqual([403, NO_ACCESS]);
    expect(await roomTables(app)).toEqual(before);
  });

  it('a member leaves with a notice; the creator, an outsider and a muted member cannot', async () => {
    const id = await staffedRoom(false);
    await ok(plain, 'rooms.leave', { id });
    expect(await roleOf(id, plain.id)).toBeNull();
    expect((await storedMessages(app, id)).at(-1)).toMatchObject({
      kind: 'member_left',
      payload: { userId: plain.id, name: 'Pam Plain' },
    });
    expect((await recordedEvents(app, id)).some((e) => e.type === 'room.member-left')).toBe(true);

    await ok(creator, 'rooms.memberAction', { id, userId: other.id, action: 'mute' });
    const before = await roomTables(app);
    for (const who of [creator, outsider, plain, other]) {
      expect((await call(who, 'rooms.leave', { id })).status, who.email).toBe(403);
    }
    expect((await call(other, 'rooms.leave', { id })).error?.message).toBe('You are muted in this room');
    expect(await roomTables(app)).toEqual(before);
  });
});

describe('searching users to invite', () => {
  it('matches first or last names, partially and in any case, never the caller, with public fields only', async () => {
    const byFirst = await ok(creator, 'rooms.searchUsers', { query: 'mIL' });
    expect(byFirst.map((u) => u.id)).toEqual([moderator.id]);
    expect(Object.keys(byFirst[0]!).sort()).toEqual(['avatarUrl', 'bio', 'firstName', 'id', 'lastName']);
    const byLast = await ok(creator, 'rooms.searchUsers', { query: 'plai' });
    expect(byLast.map((u) => u.id)).toEqual([other.id, plain.id]);
    expect((await ok(creator, 'rooms.searchUsers', { query: 'creator' })).map((u) => u.id)).toEqual([]);
    expect((await ok(plain, 'rooms.searchUsers', { query: 'creator' })).map((u) => u.id)).toEqual([creator.id]);
    // Never an email or a date of birth, whatever is searched for.
    const all = await ok(plain, 'rooms.searchUsers', { query: 'a' });
    expect(all.length).toBeGreaterThan(2);
    expect(JSON.stringify(all)).not.toMatch(/@example\.com|2004-03-01|dateOfBirth|email/);
    expect((await call(null, 'rooms.searchUsers', { query: 'a' })).status).toBe(401);
    expect((await call(plain, 'rooms.searchUsers', { query: '  ' })).status).toBe(400);
  });

  it('takes % and _ literally and returns at most 50', async () => {
    const { rows } = await app.database.db.execute<{ id: string }>(sql`
      with u as (
        insert into users (id, name, email)
        select 'search-' || n, 'Zed', 'search-' || n || '@example.com' from generate_series(1, 55) n
        returning id
      )
      insert into profiles (id, first_name, last_name) select id, 'Zed', 'Many' from u returning id`);
    expect(rows).toHaveLength(55);
    expect(await ok(plain, 'rooms.searchUsers', { query: 'zed' })).toHaveLength(ROOM_LIMITS.userSearchResults);
    expect(await ok(plain, 'rooms.searchUsers', { query: '%' })).toEqual([]);
    expect(await ok(plain, 'rooms.searchUsers', { query: '_ed' })).toEqual([]);
  });
});

describe('adding members', () => {
  it('the creator adds a user to a private room: a notice names who added whom', async () => {
    const room = await ok(creator, 'rooms.create', { name: 'Invite only', isPrivate: true });
    const added = await ok(creator, 'rooms.addMember', { id: room.id, userId: plain.id });
    expect(added).toMatchObject({ userId: plain.id, role: 'member', firstName: 'Pam' });
    expect(await storedMessages(app, room.id)).toEqual([
      {
        kind: 'member_added',
        content: null,
        payload: { userId: plain.id, name: 'Pam Plain', byName: 'Cora Creator' },
      },
    ]);
    // Any member of a private room may invite (spec 3, section 6).
    await ok(plain, 'rooms.addMember', { id: room.id, userId: other.id });
    const again = await call(plain, 'rooms.addMember', { id: room.id, userId: other.id });
    expect([again.status, again.error?.message]).toEqual([409, MEMBER_MESSAGES.alreadyMember]);
    expect((await call(plain, 'rooms.addMember', { id: room.id, userId: creator.id })).status).toBe(409);
  });

  it('refuses an outsider, a public room’s plain member, moderator and stored admin, and a user who does not exist', async () => {
    const secret = await ok(creator, 'rooms.create', { name: 'Closed', isPrivate: true });
    const id = await staffedRoom(false);
    const before = await roomTables(app);
    const byOutsider = await call(outsider, 'rooms.addMember', { id: secret.id, userId: plain.id });
    expect([byOutsider.status, byOutsider.error?.message]).toEqual([403, NO_ACCESS]);
    const byPlain = await call(plain, 'rooms.addMember', { id, userId: outsider.id });
    expect([byPlain.status, byPlain.error?.message]).toEqual([403, MEMBER_MESSAGES.unableToAdd]);
    const byModerator = await call(moderator, 'rooms.addMember', { id, userId: outsider.id });
    expect(byModerator.status).toBe(403);
    // A stored admin is a plain member while the room is public (spec 3, section 4): no Invite.
    const byAdmin = await call(admin, 'rooms.addMember', { id, userId: outsider.id });
    expect([byAdmin.status, byAdmin.error?.message]).toEqual([403, MEMBER_MESSAGES.unableToAdd]);
    const nobody = await call(creator, 'rooms.addMember', { id, userId: 'no-such-user' });
    expect([nobody.status, nobody.error?.message]).toEqual([403, MEMBER_MESSAGES.unableToAdd]);
    expect(await roomTables(app)).toEqual(before);
    // The creator may.
    await ok(creator, 'rooms.addMember', { id, userId: outsider.id });
  });
});

describe('roles', () => {
  const allowed: [string, () => TestUser, () => TestUser, RoomRole][] = [
    ['the creator makes a member a moderator', () => creator, () => plain, 'moderator'],
    ['the creator makes a member an admin', () => creator, () => plain, 'admin'],
    ['the creator promotes a moderator to admin', () => creator, () => moderator, 'admin'],
    ['the creator demotes an admin to member', () => creator, () => admin, 'member'],
    ['the creator demotes a moderator to member', () => creator, () => moderator, 'member'],
    ['an admin makes a member a moderator', () => admin, () => plain, 'moderator'],
    ['an admin demotes a moderator to member', () => admin, () => moderator, 'member'],
  ];
  for (const [name, actor, target, role] of allowed) {
    it(`allowed: ${name}`, async () => {
      const id = await staffedRoom(true);
      const member = await ok(actor(), 'rooms.setRole', { id, userId: target().id, role });
      expect(member).toMatchObject({ userId: target().id, role });
      expect(await roleOf(id, target().id)).toBe(role);
      expect((await recordedEvents(app, id)).at(-1)).toMatchObject({
        type: 'room.member-changed',
        payload: { member: { userId: target().id, role } },
      });
    });
  }

  const refused: [string, () => TestUser, () => TestUser, RoomRole][] = [
    ['an admin makes a member an admin', () => admin, () => plain, 'admin'],
    ['an admin promotes a moderator to admin', () => admin, () => moderator, 'admin'],
    ['a moderator makes a member a moderator', () => moderator, () => plain, 'moderator'],
    ['a moderator demotes a moderator', () => moderator, () => moderator, 'member'],
    ['a member makes another member a moderator', () => plain, () => other, 'moderator'],
    ['an admin changes their own entry', () => admin, () => admin, 'member'],
    ['an admin changes the creator’s entry', () => admin, () => creator, 'member'],
    ['the creator changes their own entry', () => creator, () => creator, 'moderator'],
    ['the creator sets a role a member already has', () => creator, () => plain, 'member'],
    ['the creator gives a role to a non-member', () => creator, () => outsider, 'member'],
    ['an outsider gives a role', () => outsider, () => plain, 'moderator'],
  ];
  for (const [name, actor, target, role] of refused) {
    it(`refused: ${name}`, async () => {
      const id = await staffedRoom(true);
      const before = await roomTables(app);
      const result = await call(actor(), 'rooms.setRole', { id, userId: target().id, role });
      expect(result.status).toBe(403);
      expect([MEMBER_MESSAGES.roleFailed, NO_ACCESS]).toContain(result.error?.message);
      expect(await roomTables(app)).toEqual(before);
    });
  }

  it('refused: an admin demotes another admin', async () => {
    const id = await staffedRoom(true);
    await ok(creator, 'rooms.setRole', { id, userId: moderator.id, role: 'admin' });
    const result = await call(admin, 'rooms.setRole', { id, userId: moderator.id, role: 'member' });
    expect([result.status, result.error?.message]).toEqual([403, MEMBER_MESSAGES.roleFailed]);
    expect(await roleOf(id, moderator.id)).toBe('admin');
  });
});

describe('member actions', () => {
  const allowed: [() => TestUser, () => TestUser, MemberAction][] = [
    [() => moderator, () => plain, 'kick'],
    [() => moderator, () => plain, 'mute'],
    [() => admin, () => plain, 'ban'],
    [() => admin, () => plain, 'remove'],
    [() => admin, () => moderator, 'kick'],
    [() => admin, () => moderator, 'ban'],
    [() => creator, () => admin, 'remove'],
    [() => creator, () => admin, 'ban'],
    [() => creator, () => admin, 'mute'],
  ];
  for (const [actor, target, action] of allowed) {
    it(`allowed: ${action} by one above the target`, async () => {
      const id = await staffedRoom(true);
      const result = await ok(actor(), 'rooms.memberAction', { id, userId: target().id, action });
      if (action === 'mute') {
        expect(result).toMatchObject({ userId: target().id, muted: true });
        expect(await roleOf(id, target().id)).not.toBeNull();
        return;
      }
      expect(result).toBeNull();
      expect(await roleOf(id, target().id)).toBeNull();
      const kinds: Partial<Record<MemberAction, string>> = {
        kick: 'member_kicked',
        ban: 'member_banned',
        remove: 'member_removed',
      };
      const kind = kinds[action];
      expect((await storedMessages(app, id)).at(-1)).toMatchObject({ kind, payload: { userId: target().id } });
      const { rows } = await app.database.db.execute(
        sql`select 1 from chat_room_bans where room_id = ${id} and user_id = ${target().id}`,
      );
      expect(rows).toHaveLength(action === 'ban' ? 1 : 0);
    });
  }

  const refused: [string, () => TestUser, () => TestUser, MemberAction][] = [
    ['a moderator bans a member', () => moderator, () => plain, 'ban'],
    ['a moderator removes a member', () => moderator, () => plain, 'remove'],
    ['a moderator kicks an admin', () => moderator, () => admin, 'kick'],
    ['an admin kicks an admin', () => admin, () => admin, 'kick'],
    ['a member kicks a member', () => plain, () => other, 'kick'],
    ['a member mutes a member', () => plain, () => other, 'mute'],
    ['a moderator mutes themselves', () => moderator, () => moderator, 'mute'],
    ['an admin removes the creator', () => admin, () => creator, 'remove'],
    ['the creator bans themselves', () => creator, () => creator, 'ban'],
    ['the creator kicks a non-member', () => creator, () => outsider, 'kick'],
    ['an outsider kicks a member', () => outsider, () => plain, 'kick'],
  ];
  for (const [name, actor, target, action] of refused) {
    it(`refused: ${name}`, async () => {
      const id = await staffedRoom(true);
      const before = await roomTables(app);
      const result = await call(actor(), 'rooms.memberAction', { id, userId: target().id, action });
      expect(result.status).toBe(403);
      expect([MEMBER_MESSAGES.removeFailed, NO_ACCESS]).toContain(result.error?.message);
      expect(await roomTables(app)).toEqual(before);
    });
  }

  it('refused: an admin bans another admin', async () => {
    const id = await staffedRoom(true);
    await ok(creator, 'rooms.setRole', { id, userId: moderator.id, role: 'admin' });
    const result = await call(admin, 'rooms.memberAction', { id, userId: moderator.id, action: 'ban' });
    expect([result.status, result.error?.message]).toEqual([403, MEMBER_MESSAGES.removeFailed]);
  });

  it('mute and unmute: the member and the room say so, and the change is announced', async () => {
    const id = await staffedRoom(true);
    await ok(moderator, 'rooms.memberAction', { id, userId: plain.id, action: 'mute' });
    expect(await ok(plain, 'rooms.get', { id })).toMatchObject({ muted: true });
    expect((await ok(plain, 'rooms.members', { id })).find((m) => m.userId === plain.id)?.muted).toBe(true);
    const unmuted = await ok(moderator, 'rooms.memberAction', { id, userId: plain.id, action: 'unmute' });
    expect(unmuted).toMatchObject({ muted: false });
    expect(await ok(plain, 'rooms.get', { id })).toMatchObject({ muted: false });
    const changes = (await recordedEvents(app, id)).filter((e) => e.type === 'room.member-changed').slice(-2);
    expect(changes.map((e) => (e.payload.member as { muted: boolean }).muted)).toEqual([true, false]);
  });

  it('a kicked member of a public room may join again; a banned one cannot join, be added, read or subscribe', async () => {
    const id = await staffedRoom(false);
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'kick' });
    await ok(plain, 'rooms.join', { id });
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    const before = await roomTables(app);
    const join = await call(plain, 'rooms.join', { id });
    expect([join.status, join.error?.message]).toEqual([403, BANNED]);
    for (const who of [creator, admin]) {
      const add = await call(who, 'rooms.addMember', { id, userId: plain.id });
      expect([add.status, add.error?.message]).toEqual([403, MEMBER_MESSAGES.unableToAdd]);
    }
    for (const path of ['rooms.get', 'rooms.members'] as const) {
      const read = await call(plain, path, { id });
      expect([read.status, read.error?.message]).toEqual([403, BANNED]);
    }
    expect((await ok(plain, 'rooms.list')).map((r) => r.id)).not.toContain(id);
    const watch = await watchAs(app, plain, id);
    expect(await watch.refusal()).toBe(BANNED);
    watch.close();
    expect(await roomTables(app)).toEqual(before);
  });
});

describe('a public room: only the creator moderates (spec 3, section 4)', () => {
  /** Everything a room's staff may try, each with the refusal it gets when the rule says no. */
  const staffAttempts = (id: string): [string, (who: TestUser) => Promise<{ status: number }>, string][] => {
    const act = (userId: string, action: MemberAction) => (who: TestUser) =>
      call(who, 'rooms.memberAction', { id, userId, action });
    return [
      ['kick a member', act(plain.id, 'kick'), MEMBER_MESSAGES.removeFailed],
      ['mute a member', act(plain.id, 'mute'), MEMBER_MESSAGES.removeFailed],
      ['unmute a member', act(other.id, 'unmute'), MEMBER_MESSAGES.removeFailed],
      ['ban a member', act(plain.id, 'ban'), MEMBER_MESSAGES.removeFailed],
      ['remove a member', act(plain.id, 'remove'), MEMBER_MESSAGES.removeFailed],
      [
        'make a member a moderator',
        (who) => call(who, 'rooms.setRole', { id, userId: plain.id, role: 'moderator' }),
        MEMBER_MESSAGES.roleFailed,
      ],
      ['list the banned', (who) => call(who, 'rooms.bans', { id }), MEMBER_MESSAGES.loadBannedFailed],
      ['unban', (who) => call(who, 'rooms.unban', { id, userId: outsider.id }), MEMBER_MESSAGES.unbanFailed],
      ['invite', (who) => call(who, 'rooms.addMember', { id, userId: newcomer.id }), MEMBER_MESSAGES.unableToAdd],
    ];
  };

  /** A staffed room where `other` is muted and `outsider` banned, so unmute and unban have someone to act on. */
  async function roomWithAMuteAndABan(isPrivate: boolean) {
    const id = await staffedRoom(isPrivate);
    await ok(creator, 'rooms.addMember', { id, userId: outsider.id });
    await ok(creator, 'rooms.memberAction', { id, userId: outsider.id, action: 'ban' });
    await ok(creator, 'rooms.memberAction', { id, userId: other.id, action: 'mute' });
    return id;
  }

  it('a stored admin and moderator are refused every moderation, nothing changes, and their roles stay stored', async () => {
    const id = await roomWithAMuteAndABan(false);
    const before = await roomTables(app);
    for (const who of [admin, moderator]) {
      for (const [what, attempt, message] of staffAttempts(id)) {
        const result = await attempt(who);
        expect(result, `${who.email}: ${what}`).toMatchObject({ status: 403, error: { message } });
      }
    }
    // Nor on each other: the admin demotes or kicks the moderator.
    const demote = await call(admin, 'rooms.setRole', { id, userId: moderator.id, role: 'member' });
    expect([demote.status, demote.error?.message]).toEqual([403, MEMBER_MESSAGES.roleFailed]);
    const kick = await call(admin, 'rooms.memberAction', { id, userId: moderator.id, action: 'kick' });
    expect([kick.status, kick.error?.message]).toEqual([403, MEMBER_MESSAGES.removeFailed]);
    expect(await roomTables(app)).toEqual(before);
    expect([await roleOf(id, admin.id), await roleOf(id, moderator.id)]).toEqual(['admin', 'moderator']);
    // The room tells them so: their stored role, and no rights with it.
    expect(await ok(admin, 'rooms.get', { id })).toMatchObject({
      standing: 'admin',
      moderates: false,
      canInvite: false,
    });
    expect(await ok(moderator, 'rooms.get', { id })).toMatchObject({ standing: 'moderator', moderates: false });
  });

  it('the creator of a public room still does all of it, to a stored admin too', async () => {
    const id = await roomWithAMuteAndABan(false);
    await ok(creator, 'rooms.memberAction', { id, userId: other.id, action: 'unmute' });
    expect((await ok(creator, 'rooms.bans', { id })).map((b) => b.userId)).toEqual([outsider.id]);
    await ok(creator, 'rooms.unban', { id, userId: outsider.id });
    await ok(creator, 'rooms.setRole', { id, userId: admin.id, role: 'moderator' });
    await ok(creator, 'rooms.memberAction', { id, userId: admin.id, action: 'mute' });
    await ok(creator, 'rooms.memberAction', { id, userId: admin.id, action: 'kick' });
    expect(await roleOf(id, admin.id)).toBeNull();
  });

  it('made private, the same admin and moderator act again; made public again, they are refused again', async () => {
    const id = await roomWithAMuteAndABan(false);
    await ok(creator, 'rooms.update', { id, name: 'Debate club', description: '', isPrivate: true });
    expect(await ok(admin, 'rooms.get', { id })).toMatchObject({ moderates: true, canInvite: true });
    await ok(admin, 'rooms.addMember', { id, userId: newcomer.id });
    await ok(moderator, 'rooms.memberAction', { id, userId: plain.id, action: 'mute' });
    await ok(admin, 'rooms.memberAction', { id, userId: other.id, action: 'unmute' });
    await ok(admin, 'rooms.setRole', { id, userId: plain.id, role: 'moderator' });
    expect((await ok(admin, 'rooms.bans', { id })).map((b) => b.userId)).toEqual([outsider.id]);
    await ok(admin, 'rooms.unban', { id, userId: outsider.id });
    await ok(admin, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    expect(await roleOf(id, plain.id)).toBeNull();
    await ok(moderator, 'rooms.memberAction', { id, userId: other.id, action: 'kick' });
    expect(await roleOf(id, other.id)).toBeNull();

    await ok(creator, 'rooms.update', { id, name: 'Debate club', description: '', isPrivate: false });
    const before = await roomTables(app);
    const bans = await call(admin, 'rooms.bans', { id });
    expect([bans.status, bans.error?.message]).toEqual([403, MEMBER_MESSAGES.loadBannedFailed]);
    const unban = await call(admin, 'rooms.unban', { id, userId: plain.id });
    expect([unban.status, unban.error?.message]).toEqual([403, MEMBER_MESSAGES.unbanFailed]);
    const demote = await call(admin, 'rooms.setRole', { id, userId: moderator.id, role: 'member' });
    expect([demote.status, demote.error?.message]).toEqual([403, MEMBER_MESSAGES.roleFailed]);
    expect(await roomTables(app)).toEqual(before);
  });
});

describe('live membership', () => {
  it('readers hear joins, roles, mutes and departures with the member’s data', async () => {
    const id = await staffedRoom(false);
    const watch = await watchAs(app, moderator, id);
    await watch.ready();
    await ok(outsider, 'rooms.join', { id });
    await ok(creator, 'rooms.setRole', { id, userId: outsider.id, role: 'moderator' });
    await ok(creator, 'rooms.memberAction', { id, userId: outsider.id, action: 'mute' });
    await ok(creator, 'rooms.memberAction', { id, userId: outsider.id, action: 'remove' });
    await expect
      .poll(() => watch.events().filter((e) => e.type === 'member' || e.type === 'member-left'))
      .toEqual([
        { type: 'member', member: expect.objectContaining({ userId: outsider.id, role: 'member', firstName: 'Olaf' }) },
        { type: 'member', member: expect.objectContaining({ userId: outsider.id, role: 'moderator', muted: false }) },
        { type: 'member', member: expect.objectContaining({ userId: outsider.id, role: 'moderator', muted: true }) },
        { type: 'member-left', userId: outsider.id, reason: 'removed' },
      ]);
    watch.close();
  });

  it('a kicked member’s subscription to a private room ends and hears nothing more', async () => {
    const id = await staffedRoom(true);
    const kicked = await watchAs(app, plain, id);
    const stays = await watchAs(app, other, id);
    await Promise.all([kicked.ready(), stays.ready()]);
    await ok(moderator, 'rooms.memberAction', { id, userId: plain.id, action: 'kick' });
    await expect.poll(() => kicked.ended()).toBe(true);
    await ok(creator, 'rooms.update', { id, name: 'After the kick', description: '', isPrivate: true });
    await expect.poll(() => stays.events().some((e) => e.type === 'room-updated')).toBe(true);
    expect(JSON.stringify(kicked.events())).not.toContain('After the kick');
    expect(await kicked.stillListening()).toBe(false);
    expect(await stays.stillListening()).toBe(true);
    kicked.close();
    stays.close();
  });

  it('kicked from a public room, a reader keeps reading; banned, their subscription ends', async () => {
    const id = await staffedRoom(false);
    const watch = await watchAs(app, plain, id);
    await watch.ready();
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'kick' });
    await expect.poll(() => watch.events()).toContainEqual({ type: 'member-left', userId: plain.id, reason: 'kicked' });
    expect(await watch.stillListening()).toBe(true);
    await ok(plain, 'rooms.join', { id });
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    await expect.poll(() => watch.ended()).toBe(true);
    expect(await watch.stillListening()).toBe(false);
    watch.close();
  });
});

describe('the banned list and unban', () => {
  it('the creator and a private room’s admin list the banned, newest first, with public fields only', async () => {
    const id = await staffedRoom(true);
    await ok(admin, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    await ok(creator, 'rooms.memberAction', { id, userId: other.id, action: 'ban' });
    for (const who of [creator, admin]) {
      const bans = await ok(who, 'rooms.bans', { id });
      expect(bans.map((b) => [b.userId, b.firstName, b.lastName])).toEqual([
        [other.id, 'Otto', 'Plain'],
        [plain.id, 'Pam', 'Plain'],
      ]);
      expect(Object.keys(bans[0]!).sort()).toEqual(['avatarUrl', 'bannedAt', 'firstName', 'lastName', 'userId']);
      expect(Date.parse(bans[0]!.bannedAt)).toBeGreaterThanOrEqual(Date.parse(bans[1]!.bannedAt));
    }
  });

  it('a moderator, a plain member, an outsider, a banned user and a visitor cannot list the banned', async () => {
    const id = await staffedRoom(true);
    await ok(admin, 'rooms.memberAction', { id, userId: other.id, action: 'ban' });
    const refusals: [TestUser | null, number, string][] = [
      [moderator, 403, MEMBER_MESSAGES.loadBannedFailed],
      [plain, 403, MEMBER_MESSAGES.loadBannedFailed],
      [outsider, 403, NO_ACCESS],
      [other, 403, BANNED],
      [null, 401, 'You must be signed in to do that.'],
    ];
    for (const [who, status, message] of refusals) {
      const bans = await call(who, 'rooms.bans', { id });
      expect([bans.status, bans.error?.message], who?.id ?? 'visitor').toEqual([status, message]);
      expect(JSON.stringify(bans)).not.toContain('Otto');
    }
  });

  it('unban deletes the ban and nothing else: the user is no member, then joins the public room again', async () => {
    const id = await staffedRoom(false);
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    expect(await ok(creator, 'rooms.unban', { id, userId: plain.id })).toEqual({ id, userId: plain.id });
    expect(await ok(creator, 'rooms.bans', { id })).toEqual([]);
    expect(await roleOf(id, plain.id)).toBeNull();
    const event = (await recordedEvents(app, id)).at(-1);
    expect(event).toMatchObject({
      type: 'room.member-unbanned',
      payload: { actorId: creator.id, userId: plain.id, room: { id, isPrivate: false, memberCount: 4 } },
    });
    expect((await ok(plain, 'rooms.list')).map((r) => r.id)).toContain(id);
    await ok(plain, 'rooms.join', { id });
    expect(await roleOf(id, plain.id)).toBe('member');
  });

  it('unbanned from a private room, a user is not back in it but may be invited again', async () => {
    const id = await staffedRoom(true);
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    await ok(creator, 'rooms.unban', { id, userId: plain.id });
    const read = await call(plain, 'rooms.get', { id });
    expect([read.status, read.error?.message]).toEqual([403, NO_ACCESS]);
    await ok(other, 'rooms.addMember', { id, userId: plain.id });
    expect(await roleOf(id, plain.id)).toBe('member');
  });

  it('a moderator, a plain member, an outsider, the banned user and a visitor cannot unban; nothing changes', async () => {
    const id = await staffedRoom(false);
    await ok(creator, 'rooms.memberAction', { id, userId: other.id, action: 'ban' });
    const before = await roomTables(app);
    const refusals: [TestUser | null, number, string][] = [
      [moderator, 403, MEMBER_MESSAGES.unbanFailed],
      [plain, 403, MEMBER_MESSAGES.unbanFailed],
      [outsider, 403, MEMBER_MESSAGES.unbanFailed],
      [other, 403, BANNED],
      [null, 401, 'You must be signed in to do that.'],
    ];
    for (const [who, status, message] of refusals) {
      const unban = await call(who, 'rooms.unban', { id, userId: other.id });
      expect([unban.status, unban.error?.message], who?.id ?? 'visitor').toEqual([status, message]);
    }
    expect(await roomTables(app)).toEqual(before);
  });

  it('malformed unbans are refused and change nothing; a ban already lifted is a quiet success', async () => {
    const id = await staffedRoom(true);
    await ok(admin, 'rooms.memberAction', { id, userId: other.id, action: 'ban' });
    const before = await roomTables(app);
    for (const input of [
      { id: 'not-a-uuid', userId: other.id },
      { id, userId: '' },
      { id, userId: 'x'.repeat(65) },
      { id },
    ]) {
      const unban = await trpcAs(app).callRaw(admin, 'rooms.unban', input);
      expect(unban.status, JSON.stringify(input)).toBe(400);
    }
    expect(await roomTables(app)).toEqual(before);
    await ok(admin, 'rooms.unban', { id, userId: other.id });
    const events = (await recordedEvents(app, id)).length;
    // A second admin's click on a row already lifted: no error, no second event.
    await ok(creator, 'rooms.unban', { id, userId: other.id });
    expect((await recordedEvents(app, id)).length).toBe(events);
    // Unbanning someone never banned changes nothing either.
    await ok(creator, 'rooms.unban', { id, userId: outsider.id });
    expect((await recordedEvents(app, id)).length).toBe(events);
  });

  it('the staff’s open lists hear a ban (with its reason) and an unban live', async () => {
    const id = await staffedRoom(false);
    const watch = await watchAs(app, admin, id);
    await watch.ready();
    await ok(creator, 'rooms.memberAction', { id, userId: plain.id, action: 'ban' });
    await ok(creator, 'rooms.unban', { id, userId: plain.id });
    await expect
      .poll(() => watch.events().filter((e) => e.type === 'member-left' || e.type === 'member-unbanned'))
      .toEqual([
        { type: 'member-left', userId: plain.id, reason: 'banned' },
        { type: 'member-unbanned', userId: plain.id },
      ]);
    watch.close();
  });
});
