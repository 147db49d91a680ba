import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_LIMITS, ROOM_MESSAGES } from '../../../domain/rooms';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../testing/test-app';
import type WebSocket from 'ws';
import { roomsChannels } from './rooms.channels';
import { TEST_ORIGIN } from '../../testing/test-app';
import type { RoomListEvent } from '../../contracts/room-events';
import { recordedEvents, roomTables, storedMessages, watchAs } from './room-test-helpers';

let app: TestApp;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
const { call, ok } = trpcAs(() => app);
const NO_ACCESS = ROOM_MESSAGES.noAccess;
const NOT_CREATOR = 'Failed to update room settings';

beforeAll(async () => {
  // One owner makes every test's rooms, faster than a person: the mutation limit has its own battery file.
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  owner = await testUser(app, { firstName: 'Olivia', lastName: 'Owner' });
  member = await testUser(app, { firstName: 'Mia', lastName: 'Member' });
  outsider = await testUser(app, { firstName: 'Oscar', lastName: 'Outsider' });
});
afterAll(() => app.close());

async function room(fields: { name?: string; description?: string; isPrivate?: boolean } = {}) {
  const created = await ok(owner, 'rooms.create', { name: 'Study hall', ...fields });
  if (fields.isPrivate) await ok(owner, 'rooms.addMember', { id: created.id, userId: member.id });
  else await ok(member, 'rooms.join', { id: created.id });
  return created;
}

describe('creating a room', () => {
  it('stores the trimmed name, an empty description when blank, and the creator as created_by and an admin member', async () => {
    const created = await ok(owner, 'rooms.create', { name: '  Chess club  ', description: '   ', isPrivate: true });
    expect(created).toMatchObject({ name: 'Chess club', description: '', isPrivate: true, createdBy: owner.id });
    const { rows } = await app.database.db.execute<{ user_id: string; role: string }>(
      sql`select user_id, role from chat_room_members where room_id = ${created.id}`,
    );
    expect(rows).toEqual([{ user_id: owner.id, role: 'admin' }]);
    const members = await ok(owner, 'rooms.members', { id: created.id });
    expect(members).toEqual([expect.objectContaining({ userId: owner.id, isCreator: true, role: 'admin' })]);
    expect((await recordedEvents(app, created.id)).map((e) => e.type)).toEqual(['room.created']);
  });

  it('refuses a blank name, an oversize name or description, and a visitor, writing nothing', async () => {
    const before = await roomTables(app);
    const blank = await call(owner, 'rooms.create', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toContain(ROOM_MESSAGES.nameRequired);
    const longName = await call(owner, 'rooms.create', { name: 'x'.repeat(ROOM_LIMITS.nameMax + 1) });
    expect(longName.status).toBe(400);
    const longDescription = await call(owner, 'rooms.create', {
      name: 'Fine',
      description: 'x'.repeat(ROOM_LIMITS.descriptionMax + 1),
    });
    expect(longDescription.status).toBe(400);
    expect((await call(null, 'rooms.create', { name: 'Visitors club' })).status).toBe(401);
    expect(await roomTables(app)).toEqual(before);
  });

  it('accepts the longest name and description', async () => {
    const created = await ok(owner, 'rooms.create', {
      name: 'n'.repeat(ROOM_LIMITS.nameMax),
      description: 'd'.repeat(ROOM_LIMITS.descriptionMax),
    });
    expect(created.name).toHaveLength(ROOM_LIMITS.nameMax);
    expect(created.description).toHaveLength(ROOM_LIMITS.descriptionMax);
  });
});

describe('the rooms list', () => {
  it('lists rooms newest first with member counts; a private room only to its members', async () => {
    const open = await room({ name: 'Open room' });
    const secret = await room({ name: 'Secret room', isPrivate: true });
    const forOwner = await ok(owner, 'rooms.list');
    expect(forOwner.slice(0, 2).map((r) => r.id)).toEqual([secret.id, open.id]);
    expect(forOwner[0]).toMatchObject({ memberCount: 2, isMember: true, isPrivate: true });
    const forOutsider = await ok(outsider, 'rooms.list');
    expect(forOutsider.map((r) => r.id)).toContain(open.id);
    expect(forOutsider.map((r) => r.id)).not.toContain(secret.id);
    expect(forOutsider.find((r) => r.id === open.id)).toMatchObject({ memberCount: 2, isMember: false });
    expect((await ok(member, 'rooms.list')).map((r) => r.id)).toContain(secret.id);
    expect((await call(null, 'rooms.list')).status).toBe(401);
  });

  it('pages back from the last room of a page', async () => {
    const first = await ok(owner, 'rooms.list');
    const last = first.at(-1)!;
    const next = await ok(owner, 'rooms.list', { before: { createdAt: last.createdAt, id: last.id } });
    expect(next.every((r) => r.createdAt <= last.createdAt)).toBe(true);
    expect(next.map((r) => r.id)).not.toContain(last.id);
  });
});

describe('one room', () => {
  it('tells the creator, a member and a public room’s outsider where they stand', async () => {
    const open = await room();
    expect(await ok(owner, 'rooms.get', { id: open.id })).toMatchObject({
      id: open.id,
      standing: 'creator',
      canManage: true,
      canInvite: true,
      moderates: true,
      muted: false,
    });
    expect(await ok(member, 'rooms.get', { id: open.id })).toMatchObject({
      standing: 'member',
      canManage: false,
      canInvite: false,
      moderates: false,
    });
    expect(await ok(outsider, 'rooms.get', { id: open.id })).toMatchObject({
      standing: 'outsider',
      isMember: false,
      canManage: false,
    });
  });

  it('a public room’s stored admin keeps the role but is told they moderate nothing and may not invite; made private, they may', async () => {
    const open = await room();
    await ok(owner, 'rooms.setRole', { id: open.id, userId: member.id, role: 'admin' });
    expect(await ok(member, 'rooms.get', { id: open.id })).toMatchObject({
      standing: 'admin',
      moderates: false,
      canInvite: false,
      canManage: false,
    });
    const invite = await call(member, 'rooms.addMember', { id: open.id, userId: outsider.id });
    expect([invite.status, invite.error?.message]).toEqual([403, 'Unable to add user']);
    await ok(owner, 'rooms.update', { id: open.id, name: 'Study hall', description: '', isPrivate: true });
    expect(await ok(member, 'rooms.get', { id: open.id })).toMatchObject({
      standing: 'admin',
      moderates: true,
      canInvite: true,
      canManage: false,
    });
    await ok(member, 'rooms.addMember', { id: open.id, userId: outsider.id });
  });

  it('a non-member cannot read a private room, its members or a missing room', async () => {
    const secret = await room({ isPrivate: true });
    for (const path of ['rooms.get', 'rooms.members'] as const) {
      const refused = await call(outsider, path, { id: secret.id });
      expect(refused.status, path).toBe(403);
      expect(refused.error?.message).toBe(NO_ACCESS);
      expect(JSON.stringify(refused)).not.toContain('Study hall');
    }
    expect(await ok(member, 'rooms.get', { id: secret.id })).toMatchObject({ canInvite: true, standing: 'member' });
    const missing = await call(owner, 'rooms.get', { id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe(ROOM_MESSAGES.notFound);
    expect((await call(null, 'rooms.get', { id: secret.id })).status).toBe(401);
  });
});

describe('Room Management', () => {
  it('the creator renames and makes the room private: two notices, and the event narrows access', async () => {
    const open = await room({ name: 'Robotics' });
    const updated = await ok(owner, 'rooms.update', {
      id: open.id,
      name: ' Robotics team ',
      description: 'Build nights',
      isPrivate: true,
    });
    expect(updated).toMatchObject({ name: 'Robotics team', description: 'Build nights', isPrivate: true });
    const notices = (await storedMessages(app, open.id)).filter((m) => m.kind.startsWith('room_'));
    // Both notices are stored; within one millisecond their order is not defined.
    expect(notices).toHaveLength(2);
    expect(notices).toEqual(
      expect.arrayContaining([
        { kind: 'room_renamed', content: null, payload: { from: 'Robotics', to: 'Robotics team' } },
        { kind: 'room_privacy_changed', content: null, payload: { isPrivate: true } },
      ]),
    );
    const events = await recordedEvents(app, open.id);
    expect(events.find((e) => e.type === 'room.updated')?.payload).toMatchObject({
      accessNarrowed: true,
      room: { name: 'Robotics team', isPrivate: true },
    });
    const posted = events.filter((e) => e.type === 'room.message-posted');
    expect(posted.map((e) => (e.payload.message as { kind: string }).kind)).toEqual([
      'member_joined',
      'room_renamed',
      'room_privacy_changed',
    ]);
    // Made public again: a privacy notice, no narrowing.
    await ok(owner, 'rooms.update', { id: open.id, name: 'Robotics team', description: '', isPrivate: false });
    const last = (await recordedEvents(app, open.id)).filter((e) => e.type === 'room.updated').at(-1);
    expect(last?.payload.accessNarrowed).toBe(false);
  });

  it('saving unchanged settings writes and announces nothing', async () => {
    const open = await room({ name: 'Same' });
    const before = await roomTables(app);
    const eventsBefore = await recordedEvents(app, open.id);
    await ok(owner, 'rooms.update', { id: open.id, name: 'Same', description: '', isPrivate: false });
    expect(await roomTables(app)).toEqual(before);
    expect(await recordedEvents(app, open.id)).toEqual(eventsBefore);
  });

  it('only the creator may update or delete; an outsider of a private room gets no access; nothing changes', async () => {
    const open = await room();
    const secret = await room({ isPrivate: true });
    await ok(owner, 'rooms.setRole', { id: secret.id, userId: member.id, role: 'admin' });
    const before = await roomTables(app);
    for (const [who, id, status, message] of [
      [member, open.id, 403, NOT_CREATOR],
      [member, secret.id, 403, NOT_CREATOR],
      [outsider, open.id, 403, NOT_CREATOR],
      [outsider, secret.id, 403, NO_ACCESS],
    ] as const) {
      const update = await call(who, 'rooms.update', { id, name: 'Taken over', description: '', isPrivate: false });
      expect([update.status, update.error?.message]).toEqual([status, message]);
      const remove = await call(who, 'rooms.delete', { id });
      expect([remove.status, remove.error?.message]).toEqual([status, message]);
    }
    expect(await roomTables(app)).toEqual(before);
  });

  it('an oversize name or description is refused and nothing is written', async () => {
    const open = await room({ name: 'Keep me' });
    const before = await roomTables(app);
    for (const fields of [
      { name: 'x'.repeat(ROOM_LIMITS.nameMax + 1), description: '' },
      { name: 'Fine', description: 'x'.repeat(ROOM_LIMITS.descriptionMax + 1) },
      { name: '   ', description: '' },
    ]) {
      expect((await call(owner, 'rooms.update', { id: open.id, isPrivate: false, ...fields })).status).toBe(400);
    }
    expect(await roomTables(app)).toEqual(before);
  });

  it('the creator deletes a room with its members and messages', async () => {
    const open = await room();
    await ok(owner, 'rooms.update', { id: open.id, name: 'Renamed', description: '', isPrivate: false });
    expect(await ok(owner, 'rooms.delete', { id: open.id })).toEqual({ id: open.id });
    expect((await call(owner, 'rooms.get', { id: open.id })).status).toBe(404);
    const { rows } = await app.database.db.execute(
      sql`select 1 from chat_room_members where room_id = ${open.id} union all
        select 1 from chat_messages where room_id = ${open.id}`,
    );
    expect(rows).toHaveLength(0);
    expect((await recordedEvents(app, open.id)).at(-1)?.type).toBe('room.deleted');
    expect((await call(owner, 'rooms.delete', { id: open.id })).status).toBe(404);
  });
});

describe('live events', () => {
  it('a private room’s events never reach an outsider: the subscription is refused', async () => {
    const secret = await room({ isPrivate: true });
    const watch = await watchAs(app, outsider, secret.id);
    expect(await watch.refusal()).toBe(NO_ACCESS);
    await ok(owner, 'rooms.update', { id: secret.id, name: 'Secret plans', description: '', isPrivate: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watch.events()).toEqual([]);
    watch.close();
    const missing = await watchAs(app, outsider, crypto.randomUUID());
    expect(await missing.refusal()).toBe(ROOM_MESSAGES.notFound);
    missing.close();
  });

  it('receipts go live to the author of the messages read only, not to the whole room', async () => {
    const open = await room({ name: 'Receipts' });
    await ok(outsider, 'rooms.join', { id: open.id });
    const author = await watchAs(app, owner, open.id);
    const bystander = await watchAs(app, outsider, open.id);
    await Promise.all([author.ready(), bystander.ready()]);
    const sent = await ok(owner, 'roomMessages.send', { roomId: open.id, content: 'Read me' });
    await ok(member, 'roomMessages.markRead', { roomId: open.id });
    await expect
      .poll(() => author.events().filter((e) => e.type === 'read'))
      .toEqual([expect.objectContaining({ userId: member.id, messageIds: [sent.id], senderIds: [owner.id] })]);
    // The bystander heard the message itself, and no receipt.
    await expect.poll(() => bystander.events().some((e) => e.type === 'message')).toBe(true);
    expect(bystander.events().filter((e) => e.type === 'read')).toEqual([]);
    author.close();
    bystander.close();
  });

  it('readers hear settings; made private, an outsider’s subscription ends before the new settings reach it', async () => {
    const open = await room({ name: 'Open mic' });
    const members = await watchAs(app, member, open.id);
    const outside = await watchAs(app, outsider, open.id);
    await Promise.all([members.ready(), outside.ready()]);

    await ok(owner, 'rooms.update', { id: open.id, name: 'Open mic', description: 'Fridays', isPrivate: false });
    const described = { type: 'room-updated', room: expect.objectContaining({ description: 'Fridays' }) };
    await expect.poll(() => outside.events()).toEqual([described]);

    await ok(owner, 'rooms.update', { id: open.id, name: 'Closed mic', description: 'Fridays', isPrivate: true });
    await expect.poll(() => outside.ended()).toBe(true);
    expect(JSON.stringify(outside.events())).not.toContain('Closed mic');
    expect(await outside.stillListening()).toBe(false);
    await expect
      .poll(() => members.events().filter((e) => e.type === 'room-updated'))
      .toEqual([described, { type: 'room-updated', room: expect.objectContaining({ name: 'Closed mic' }) }]);
    expect(await members.stillListening()).toBe(true);
    members.close();
    outside.close();
  });

  it('a deleted room’s readers hear it, then their subscription ends', async () => {
    const open = await room();
    const watch = await watchAs(app, member, open.id);
    await watch.ready();
    await ok(owner, 'rooms.delete', { id: open.id });
    await expect.poll(() => watch.events()).toEqual([{ type: 'room-deleted' }]);
    await expect.poll(() => watch.ended()).toBe(true);
    watch.close();
  });
});

/** A probe only the tests publish, on one viewer's own channel: a removal of no room, passed on as it is. */
const LIST_PROBE = 'probe';
const isListProbe = (e: RoomListEvent) => e.type === 'room-removed' && e.roomId === LIST_PROBE;

/** `rooms.listEvents` over the site's WebSocket, as /chat-rooms subscribes; `ready()` waits until events flow. */
async function watchListAs(who: TestUser | null, input: unknown = {}) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });
  type Reply = { result?: { type: string; data?: { data: RoomListEvent } }; error?: { message: string } };
  const replies: Reply[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') replies.push(JSON.parse(text) as Reply);
  });
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'rooms.listEvents', input } }));
  const data = () => replies.filter((r) => r.result?.type === 'data').map((r) => r.result!.data!.data);
  return {
    events: () => data().filter((e) => !isListProbe(e)),
    /** Everything received, as text: to prove a name never arrived. */
    raw: () => JSON.stringify(replies),
    async ready() {
      await expect
        .poll(
          () => {
            if (!data().some(isListProbe) && who) {
              app.bus.publish(roomsChannels.userRooms(who.id), { type: 'room-removed', roomId: LIST_PROBE });
            }
            return data().some(isListProbe);
          },
          { interval: 50, timeout: 5_000 },
        )
        .toBe(true);
    },
    async refusal(): Promise<string> {
      await expect.poll(() => replies.some((r) => r.error), { timeout: 5_000 }).toBe(true);
      return replies.find((r) => r.error)!.error!.message;
    },
    close: () => ws.terminate(),
  };
}

/** Waits for a public room created now by someone else: the sign that every earlier event has arrived too. */
async function fence(...watches: Awaited<ReturnType<typeof watchListAs>>[]) {
  const marker = await ok(owner, 'rooms.create', { name: `Fence ${Math.random()}` });
  for (const watch of watches) {
    await expect.poll(() => watch.events().some((e) => e.type === 'room-added' && e.room.id === marker.id)).toBe(true);
  }
}

const idsOf = (events: RoomListEvent[]) =>
  events.map((e) => ('room' in e ? [e.type, e.room.id] : [e.type, e.roomId])).filter(([, id]) => id !== undefined);

describe('the rooms list, live', () => {
  it('a new public room reaches everyone’s list at once; a private one only its creator’s, then whoever is added', async () => {
    const [mine, members, outside] = await Promise.all([
      watchListAs(owner),
      watchListAs(member),
      watchListAs(outsider),
    ]);
    await Promise.all([mine.ready(), members.ready(), outside.ready()]);

    const open = await ok(owner, 'rooms.create', { name: 'Open stage', description: 'Bring songs' });
    const added = (id: string, isMember: boolean, memberCount: number) => ({
      type: 'room-added',
      room: expect.objectContaining({ id, isMember, memberCount }),
    });
    await expect.poll(() => outside.events()).toEqual([added(open.id, false, 1)]);
    expect(outside.events()[0]).toMatchObject({ room: { name: 'Open stage', description: 'Bring songs' } });
    await expect.poll(() => mine.events()).toEqual([added(open.id, true, 1)]);

    const hidden = await ok(owner, 'rooms.create', { name: 'Secret society', isPrivate: true });
    await expect.poll(() => mine.events()).toContainEqual(added(hidden.id, true, 1));
    await ok(owner, 'rooms.addMember', { id: hidden.id, userId: member.id });
    await expect.poll(() => members.events()).toContainEqual(added(hidden.id, true, 2));
    await fence(outside);
    expect(outside.raw()).not.toContain('Secret society');
    expect(outside.raw()).not.toContain(hidden.id);
    for (const watch of [mine, members, outside]) watch.close();
  });

  it('a public room renamed updates lists; made private, only its id; made public, it comes back; deleted, it goes', async () => {
    const open = await room({ name: 'Film club' });
    const outside = await watchListAs(outsider);
    await outside.ready();
    await ok(owner, 'rooms.update', { id: open.id, name: 'Movie club', description: 'Fridays', isPrivate: false });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Hush club', description: 'Secret', isPrivate: true });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Hush club', description: 'Hidden still', isPrivate: true });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Film club', description: 'Open again', isPrivate: false });
    await ok(owner, 'rooms.delete', { id: open.id });
    await expect
      .poll(() => outside.events())
      .toEqual([
        {
          type: 'room-updated',
          room: expect.objectContaining({ id: open.id, name: 'Movie club', memberCount: 2 }),
        },
        { type: 'room-made-private', roomId: open.id },
        {
          type: 'room-added',
          room: expect.objectContaining({ id: open.id, description: 'Open again', isMember: false, memberCount: 2 }),
        },
        { type: 'room-removed', roomId: open.id },
      ]);
    // The name and description it had while private never reached a non-member.
    expect(outside.raw()).not.toContain('Hush club');
    expect(outside.raw()).not.toContain('Hidden still');
    outside.close();
  });

  it('out of a private room (left, kicked, removed), it leaves that member’s list; leaving a public one does not', async () => {
    const members = await watchListAs(member);
    await members.ready();
    const rooms = [];
    for (const how of ['leave', 'kick', 'remove'] as const) {
      const hidden = await room({ name: `Private ${how}`, isPrivate: true });
      rooms.push(hidden.id);
      if (how === 'leave') await ok(member, 'rooms.leave', { id: hidden.id });
      else await ok(owner, 'rooms.memberAction', { id: hidden.id, userId: member.id, action: how });
    }
    const open = await room({ name: 'Public leave' });
    await ok(member, 'rooms.leave', { id: open.id });
    await fence(members);
    expect(idsOf(members.events()).filter(([type]) => type === 'room-removed')).toEqual(
      rooms.map((id) => ['room-removed', id]),
    );
    members.close();
  });

  it('banned from a public room, it leaves their list and its news stop; unbanned, it comes back', async () => {
    const open = await room({ name: 'Skate park' });
    const banned = await watchListAs(member);
    await banned.ready();
    await ok(owner, 'rooms.memberAction', { id: open.id, userId: member.id, action: 'ban' });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Skate park renamed', description: '', isPrivate: false });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Skate park closed', description: '', isPrivate: true });
    await ok(owner, 'rooms.update', { id: open.id, name: 'Skate park reopened', description: '', isPrivate: false });
    await fence(banned);
    expect(idsOf(banned.events()).filter(([, id]) => id === open.id)).toEqual([
      ['room-removed', open.id],
      ['room-made-private', open.id],
    ]);
    expect(banned.raw()).not.toContain('Skate park');

    await ok(owner, 'rooms.unban', { id: open.id, userId: member.id });
    await expect
      .poll(() => banned.events().at(-1))
      .toEqual({
        type: 'room-added',
        room: expect.objectContaining({ id: open.id, name: 'Skate park reopened', isMember: false, memberCount: 1 }),
      });
    banned.close();
  });

  it('banned from a private room, its later news and its unban never carry it to them', async () => {
    const hidden = await room({ name: 'Locked attic', isPrivate: true });
    const banned = await watchListAs(member);
    await banned.ready();
    await ok(owner, 'rooms.memberAction', { id: hidden.id, userId: member.id, action: 'ban' });
    await ok(owner, 'rooms.update', {
      id: hidden.id,
      name: 'Locked attic two',
      description: 'Still private',
      isPrivate: true,
    });
    await ok(owner, 'rooms.unban', { id: hidden.id, userId: member.id });
    await fence(banned);
    expect(idsOf(banned.events()).filter(([, id]) => id === hidden.id)).toEqual([['room-removed', hidden.id]]);
    expect(banned.raw()).not.toContain('Locked attic');
    banned.close();
  });

  it('refuses a visitor and malformed input', async () => {
    const visitor = await watchListAs(null);
    expect(await visitor.refusal()).toBe('You must be signed in to do that.');
    visitor.close();
    for (const input of [{ lastEventId: 'x'.repeat(101) }, { lastEventId: 42 }, 'not an object']) {
      const watch = await watchListAs(member, input);
      await watch.refusal();
      expect(watch.events()).toEqual([]);
      watch.close();
    }
  });
});
