import type { RoomFields } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { roomDataOf } from './room-member-data';

/**
 * A new room (fields already parsed by roomFieldsSchema: trimmed, limited, a blank description stored empty). The
 * creator is its created_by and also a member with the admin role, so every membership read finds them.
 */
export async function createRoom(deps: { db: Db; events: DomainEvents }, actor: { id: string }, input: RoomFields) {
  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .insert(chatRooms)
      .values({
        name: input.name,
        description: input.description,
        isPrivate: input.isPrivate,
        createdBy: actor.id,
      })
      .returning();
    const room = roomDataOf(row!);
    await tx.insert(chatRoomMembers).values({ roomId: room.id, userId: actor.id, role: 'admin' });
    emit({ type: 'room.created', actorId: actor.id, roomId: room.id, room });
    return room;
  });
}
