import { and, eq } from 'drizzle-orm';
import { canManageBans } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRoomBans } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { roomCardOf } from './list-rooms';
import { assertCanReadRoom } from './room-access';
import { roomDataOf } from './room-member-data';

/**
 * Lifts a ban (the creator and a private room's admins, as canManageBans says): the ban row goes, and nothing else.
 * No membership is made: the user may join a public room again, or be invited to a private one. Under the room's
 * lock, so an unban and a ban of the same user never cross. Lifting a ban already lifted (two admins at once) changes
 * nothing and succeeds, so the second admin's list drops the row as the first's did.
 */
export async function unbanMember(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; userId: string },
) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    if (!canManageBans(access.room, access.standing)) throw new AppError('ROOM_UNBAN_REFUSED');
    const lifted = await tx
      .delete(chatRoomBans)
      .where(and(eq(chatRoomBans.roomId, input.id), eq(chatRoomBans.userId, input.userId)))
      .returning({ userId: chatRoomBans.userId });
    if (lifted.length > 0) {
      const room = await roomCardOf(tx, roomDataOf(access.room));
      emit({ type: 'room.member-unbanned', actorId: actor.id, roomId: input.id, userId: input.userId, room });
    }
    return { id: input.id, userId: input.userId };
  });
}
