import { and, eq } from 'drizzle-orm';
import { canManageRoom } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRooms } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { assertCanReadRoom } from './room-access';

/**
 * Deletes a room (creator only, spec 3, section 5); its members, bans, messages, reactions and receipts go with it
 * (the schema's cascades). Live readers are told, and their subscriptions end.
 */
export async function deleteRoom(deps: { db: Db; events: DomainEvents }, actor: { id: string }, input: { id: string }) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    if (!canManageRoom(access.standing)) throw new AppError('ROOM_NOT_CREATOR');
    await tx.delete(chatRooms).where(and(eq(chatRooms.id, input.id), eq(chatRooms.createdBy, actor.id)));
    emit({ type: 'room.deleted', actorId: actor.id, roomId: input.id });
    return { id: input.id };
  });
}
