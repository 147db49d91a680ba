import { and, eq } from 'drizzle-orm';
import { roleChangeRefusal, type RoomRole } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRoomMembers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { assertCanReadRoom, roomAccess } from './room-access';
import { loadRoomMember } from './room-member-data';

/**
 * Make Moderator, Make Admin, Promote to Admin, Demote to Member: the role transitions of spec 3, section 4, as
 * roleChangeRefusal decides them (nobody changes their own entry or the creator's; in a public room only the creator
 * changes roles, the stored ones staying for when the room is made private). Under the room's lock, so two
 * changes to one room never decide from the same stale roles.
 */
export async function setRoomRole(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; userId: string; role: RoomRole },
) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    const target = await roomAccess(tx, input.id, input.userId);
    const refusal = roleChangeRefusal(
      access.room,
      access.standing,
      { standing: target.standing, isSelf: input.userId === actor.id },
      input.role,
    );
    if (refusal) throw new AppError('ROOM_ROLE_REFUSED');
    await tx
      .update(chatRoomMembers)
      .set({ role: input.role })
      .where(and(eq(chatRoomMembers.roomId, input.id), eq(chatRoomMembers.userId, input.userId)));
    const member = (await loadRoomMember(tx, input.id, input.userId))!;
    emit({ type: 'room.member-changed', actorId: actor.id, roomId: input.id, member });
    return member;
  });
}
