import { and, desc, eq, not, or, sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db, Tx } from '../../db/database';
import { chatRoomBans, chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import type { RoomCardData, RoomData } from '../../contracts/room-events';
import { roomDataOf } from './room-member-data';
import { roomUnreadCountSql } from '../chat-essentials/unread';

/**
 * The rooms list (spec 3, section 2): newest first, a page at a time (`before` is the last room of the previous
 * page), each with its member count and whether the viewer is in it. A private room is listed to its members only,
 * and a room the viewer is banned from not at all (they could not open it).
 */
export async function listRooms(
  deps: { db: Db },
  actor: { id: string },
  input: { before?: { createdAt: string; id: string } | undefined } = {},
) {
  // Qualified by hand: in a one-table select drizzle writes columns unqualified, where "id" would be the member's.
  const roomId = sql.raw('"chat_rooms"."id"');
  const isMember = sql<boolean>`exists (select 1 from ${chatRoomMembers} m
    where m.room_id = ${roomId} and m.user_id = ${actor.id})`;
  const isBanned = sql`exists (select 1 from ${chatRoomBans} b where b.room_id = ${roomId} and b.user_id = ${actor.id})`;
  const memberCount = sql<number>`(select count(*)::int from ${chatRoomMembers} m where m.room_id = ${roomId})`;
  const { before } = input;
  const rows = await deps.db
    .select({ room: chatRooms, memberCount, isMember, unread: roomUnreadCountSql(roomId, sql`${actor.id}`) })
    .from(chatRooms)
    .where(
      and(
        or(eq(chatRooms.isPrivate, false), eq(chatRooms.createdBy, actor.id), isMember),
        not(isBanned),
        before
          ? sql`(${chatRooms.createdAt}, ${chatRooms.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatRooms.createdAt), desc(chatRooms.id))
    .limit(ROOM_LIMITS.roomPage);
  return rows.map(({ room, memberCount: count, isMember: member, unread }) => ({
    ...roomDataOf(room),
    memberCount: count,
    isMember: member || room.createdBy === actor.id,
    unread,
  }));
}

/** A room's card as the rooms list shows it, for the list's live events (counted in the caller's transaction). */
export async function roomCardOf(tx: Db | Tx, room: RoomData): Promise<RoomCardData> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, room.id));
  return { ...room, memberCount: row?.count ?? 0 };
}
