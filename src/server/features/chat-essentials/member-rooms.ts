import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chatRoomMembers } from '../../db/schema/rooms';

/** Past this, a list stops counting live (its counts stay right on the next load): no set grows without bound. */
const ROOMS_REMEMBERED = 5_000;

/** The rooms a user is a member of, for one rooms-list subscription to filter room activity with. */
export async function memberRoomsOf(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ roomId: chatRoomMembers.roomId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.userId, userId))
    .limit(ROOMS_REMEMBERED);
  return new Set(rows.map((r) => r.roomId));
}

export function rememberRoom(rooms: Set<string>, roomId: string) {
  if (rooms.size < ROOMS_REMEMBERED) rooms.add(roomId);
}
