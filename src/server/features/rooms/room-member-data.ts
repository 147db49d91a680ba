import { and, eq, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/user-summary';
import type { Db, Tx } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import type { RoomRow } from './room-access';
import type { RoomData, RoomMemberData } from '../../contracts/room-events';

/** A room row as its screens (and the room's events) carry it. */
export function roomDataOf(room: RoomRow): RoomData {
  return {
    id: room.id,
    name: room.name,
    description: room.description,
    isPrivate: room.isPrivate,
    createdBy: room.createdBy,
    createdAt: room.createdAt.toISOString(),
  };
}

/** A membership with its member's public profile: never the email or the date of birth. */
export const memberColumns = {
  userId: chatRoomMembers.userId,
  role: chatRoomMembers.role,
  mutedAt: chatRoomMembers.mutedAt,
  createdBy: chatRooms.createdBy,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatarUrl: profiles.avatarUrl,
};

type MemberRow = {
  userId: string;
  role: RoomMemberData['role'];
  mutedAt: Date | null;
  createdBy: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
};

export function memberDataOf(row: MemberRow): RoomMemberData {
  return {
    userId: row.userId,
    role: row.role,
    isCreator: row.createdBy === row.userId,
    muted: row.mutedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    avatarUrl: row.avatarUrl,
  };
}

/** One member of one room as the members panel shows them, or null when they are not a member. */
export async function loadRoomMember(db: Db | Tx, roomId: string, userId: string): Promise<RoomMemberData | null> {
  const [row] = await db
    .select(memberColumns)
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .leftJoin(profiles, eq(profiles.id, chatRoomMembers.userId))
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .limit(1);
  return row ? memberDataOf(row) : null;
}

/** The longest name a room notice's payload keeps (domain/room-notices.ts). */
const NOTICE_NAME_MAX = 120;

/**
 * A user's public name for a notice ("Ann Lee joined the room"), or null when no such user exists. Clamped to the
 * payload's limit so a notice is always readable back (roomNoticeOf drops a payload that does not parse).
 */
export async function noticeNameOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ? displayName(row).slice(0, NOTICE_NAME_MAX) : null;
}

/** Members listed creator first, then admins, moderators and members, each by name. */
export const memberOrder = [
  sql`coalesce(${chatRoomMembers.userId} = ${chatRooms.createdBy}, false) desc`,
  sql`case ${chatRoomMembers.role} when 'admin' then 0 when 'moderator' then 1 else 2 end`,
  sql`lower(coalesce(${profiles.firstName}, '')), lower(coalesce(${profiles.lastName}, ''))`,
  chatRoomMembers.userId,
];
