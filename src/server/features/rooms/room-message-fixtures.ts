/**
 * Rooms and memberships for the room message tests, written straight to the tables: these tests are about messages,
 * and must not depend on how rooms and members are created through their own procedures.
 */
import { sql } from 'drizzle-orm';
import type { RoomRole } from '../../../domain/rooms';
import { toStoredRoomNotice, type RoomNotice } from '../../../domain/room-notices';
import { chatMessages, chatRoomBans, chatRoomMembers, chatRooms, messageStickers } from '../../db/schema/rooms';
import type { Channel } from '../../realtime/channels';
import { listen as listenOnBus } from '../../testing/listen';
import { testUser, type TestUser } from '../../testing/marketplace';
import type { TestApp } from '../../testing/test-app';

/** Everyone the room message tests need, one of each standing (see castRooms for who is what where). */
export interface RoomCast {
  creator: TestUser;
  member: TestUser;
  moderator: TestUser;
  outsider: TestUser;
  muted: TestUser;
  banned: TestUser;
}

/** The cast's accounts, signed up once per test file (signing up is the slow part). */
export async function signUpRoomCast(app: TestApp): Promise<RoomCast> {
  const [creator, member, moderator, outsider, muted, banned] = await Promise.all([
    testUser(app, { firstName: 'Cora', lastName: 'Creator' }),
    testUser(app, { firstName: 'Mia', lastName: 'Member' }),
    testUser(app, { firstName: 'Moe', lastName: 'Moderator' }),
    testUser(app, { firstName: 'Otto', lastName: 'Outsider' }),
    testUser(app, { firstName: 'Mute', lastName: 'Muted' }),
    testUser(app, { firstName: 'Ben', lastName: 'Banned' }),
  ]);
  return { creator, member, moderator, outsider, muted, banned };
}

/**
 * A private room and a public room with the same standings: the creator (role admin), member, moderator (role
 * moderator), muted (a muted member) and banned (a ban, no membership); outsider belongs to neither. Fresh rooms for
 * every test, so no test sees another's messages.
 */
export async function castRooms(app: TestApp, cast: RoomCast) {
  const rooms = { privateRoom: '', publicRoom: '' };
  for (const isPrivate of [true, false]) {
    const room = await makeRoom(app, cast.creator.id, { isPrivate, name: isPrivate ? 'Secret club' : 'Open hall' });
    await addMember(app, room.id, cast.member.id);
    await addMember(app, room.id, cast.moderator.id, { role: 'moderator' });
    await addMember(app, room.id, cast.muted.id, { muted: true });
    await banUser(app, room.id, cast.banned.id);
    rooms[isPrivate ? 'privateRoom' : 'publicRoom'] = room.id;
  }
  return rooms;
}

export async function makeRoom(app: TestApp, creatorId: string, { isPrivate = false, name = 'Study group' } = {}) {
  const { db } = app.database;
  const [room] = await db.insert(chatRooms).values({ name, isPrivate, createdBy: creatorId }).returning();
  // The creator is also a member, as creating a room through the app makes them.
  await db.insert(chatRoomMembers).values({ roomId: room!.id, userId: creatorId, role: 'admin' });
  return room!;
}

export async function addMember(
  app: TestApp,
  roomId: string,
  userId: string,
  { role = 'member', muted = false }: { role?: RoomRole; muted?: boolean } = {},
) {
  await app.database.db.insert(chatRoomMembers).values({ roomId, userId, role, mutedAt: muted ? new Date() : null });
}

/** Banned: no membership, and a ban row. */
export async function banUser(app: TestApp, roomId: string, userId: string) {
  await app.database.db.insert(chatRoomBans).values({ roomId, userId });
}

/** A notice, as the server's own steps post one. */
export async function postNotice(app: TestApp, roomId: string, senderId: string, notice: RoomNotice) {
  const [row] = await app.database.db
    .insert(chatMessages)
    .values({ roomId, senderId, ...toStoredRoomNotice(notice) })
    .returning();
  return row!;
}

/** `count` member messages a second apart, oldest first, ending a minute ago. */
export async function postMany(app: TestApp, roomId: string, senderId: string, count: number) {
  const start = Date.now() - 60_000 - count * 1000;
  return app.database.db
    .insert(chatMessages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        roomId,
        senderId,
        content: `Message ${i + 1}`,
        sentAt: new Date(start + i * 1000),
      })),
    )
    .returning();
}

/** A sticker written past every check, as corrupt data from before the checks would be. */
export async function storeSticker(app: TestApp, messageId: string, userId: string, emoji: string) {
  await app.database.db.insert(messageStickers).values({ messageId, userId, emoji });
}

/** How many rows a table has now (to prove a refused call wrote nothing). */
export async function countRows(
  app: TestApp,
  table: 'chat_messages' | 'message_stickers' | 'chat_message_read_receipts' | 'domain_events',
) {
  // Handlers record their own events after a commit (progression): counted once they are done, not mid-way.
  if (table === 'domain_events') await app.events.drain();
  const { rows } = await app.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return rows[0]!.n;
}

/** The room events recorded for this room since the test began, oldest first. */
export async function recordedRoomEvents(app: TestApp, roomId: string) {
  const { rows } = await app.database.db.execute<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from domain_events where payload ->> 'roomId' = ${roomId} order by id`,
  );
  return rows;
}

/** Everything published on a room's channels from now until `stop()`, on the test app's bus. */
export const listen = <T>(app: TestApp, channel: Channel<T>) => listenOnBus(app.bus, channel);
