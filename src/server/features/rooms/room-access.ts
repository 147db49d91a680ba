import { and, eq, sql, type SQL } from 'drizzle-orm';
import { canRead, hasModerationRights, standingOf, type RoomRole, type RoomStanding } from '../../../domain/rooms';
import type { Db, Tx } from '../../db/database';
import { chatRoomBans, chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import { AppError } from '../../errors';

export type RoomRow = typeof chatRooms.$inferSelect;

/** Where one user stands in one room: every room permission is decided from this, by the rules of domain/rooms.ts. */
export interface RoomAccess {
  room: RoomRow;
  userId: string;
  standing: RoomStanding;
  membership: { role: RoomRole; mutedAt: Date | null } | null;
  banned: boolean;
  canRead: boolean;
  moderates: boolean;
}

/**
 * The room and the user's standing in it, in one query. `lock` takes the room's row lock (FOR UPDATE of the room):
 * membership and role changes hold it, so two of them on one room never interleave.
 */
export async function roomAccess(
  db: Db | Tx,
  roomId: string,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<RoomAccess> {
  const query = db
    .select({
      room: chatRooms,
      role: chatRoomMembers.role,
      mutedAt: chatRoomMembers.mutedAt,
      bannedBy: chatRoomBans.userId,
    })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .leftJoin(chatRoomBans, and(eq(chatRoomBans.roomId, chatRooms.id), eq(chatRoomBans.userId, userId)))
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: chatRooms }) : query);
  if (!row) throw new AppError('ROOM_NOT_FOUND');
  const membership = row.role ? { role: row.role, mutedAt: row.mutedAt } : null;
  const standing = standingOf(row.room, userId, membership);
  const banned = row.bannedBy !== null;
  return {
    room: row.room,
    userId,
    standing,
    membership,
    banned,
    canRead: canRead(row.room, standing, banned),
    moderates: hasModerationRights(row.room, standing),
  };
}

/** Reading a room (its page, messages, members, live events): a private room's outsider is told "no access". */
export async function assertCanReadRoom(db: Db | Tx, roomId: string, userId: string, options?: { lock?: boolean }) {
  const access = await roomAccess(db, roomId, userId, options);
  if (access.banned) throw new AppError('ROOM_BANNED');
  if (!access.canRead) throw new AppError('ROOM_NO_ACCESS');
  return access;
}

/**
 * Posting, reacting and typing: a private room's members only ("You must be a member to send messages to this
 * private room"); in a public room anyone signed in who is not banned; never while muted.
 */
export async function assertCanPost(db: Db | Tx, roomId: string, userId: string, options?: { lock?: boolean }) {
  const access = await roomAccess(db, roomId, userId, options);
  if (access.banned) throw new AppError('ROOM_BANNED');
  if (access.room.isPrivate && access.standing === 'outsider') throw new AppError('ROOM_MEMBERS_ONLY');
  if (access.membership?.mutedAt) throw new AppError('ROOM_MUTED');
  return access;
}

/**
 * canRead's rule (not banned; a public room, or a private room's creator or member) as an SQL condition on a
 * `chat_rooms` row aliased `room`, for the use cases that do their whole work in one statement (send, mark read)
 * and so cannot call roomAccess. When it says no, they ask assertCanReadRoom or assertCanPost for the reason.
 */
export const canReadRoomSql = (userId: SQL) => sql`
  not exists (select 1 from ${chatRoomBans} b where b.room_id = room.id and b.user_id = ${userId})
  and (not room.is_private or room.created_by = ${userId}
    or exists (select 1 from ${chatRoomMembers} cm where cm.room_id = room.id and cm.user_id = ${userId}))`;

/** assertCanPost's rule in the same form: who may read, unless muted. */
export const canPostInRoomSql = (userId: SQL) => sql`${canReadRoomSql(userId)}
  and not exists (select 1 from ${chatRoomMembers} cm
    where cm.room_id = room.id and cm.user_id = ${userId} and cm.muted_at is not null)`;
