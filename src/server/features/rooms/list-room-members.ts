import { eq } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import { assertCanReadRoom } from './room-access';
import { memberColumns, memberDataOf, memberOrder } from './room-member-data';

/** The members panel: whoever may read the room sees its members, creator first, then by role, then by name. */
export async function listRoomMembers(deps: { db: Db }, actor: { id: string }, input: { id: string }) {
  await assertCanReadRoom(deps.db, input.id, actor.id);
  const rows = await deps.db
    .select(memberColumns)
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .leftJoin(profiles, eq(profiles.id, chatRoomMembers.userId))
    .where(eq(chatRoomMembers.roomId, input.id))
    .orderBy(...memberOrder)
    .limit(ROOM_LIMITS.memberPage);
  return rows.map(memberDataOf);
}
