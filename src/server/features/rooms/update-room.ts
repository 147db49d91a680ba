import { and, eq, sql } from 'drizzle-orm';
import type { RoomNotice } from '../../../domain/room-notices';
import { canManageRoom, type RoomFields } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRooms } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { roomCardOf } from './list-rooms';
import { noticePosted, postRoomNotice } from './post-room-notice';
import { assertCanReadRoom } from './room-access';
import { roomDataOf } from './room-member-data';

/**
 * Room Management's save (creator only, spec 3, section 5: rows where id and created_by match). A rename and a
 * privacy change each post a notice; making the room private narrows who may read it, so every live reader is
 * re-checked (accessNarrowed). Saving unchanged fields changes nothing and announces nothing.
 */
export async function updateRoom(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string } & RoomFields,
) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    if (!canManageRoom(access.standing)) throw new AppError('ROOM_NOT_CREATOR');
    const before = access.room;
    if (
      before.name === input.name &&
      before.description === input.description &&
      before.isPrivate === input.isPrivate
    ) {
      return roomDataOf(before);
    }
    const [after] = await tx
      .update(chatRooms)
      .set({ name: input.name, description: input.description, isPrivate: input.isPrivate, updatedAt: sql`now()` })
      .where(and(eq(chatRooms.id, input.id), eq(chatRooms.createdBy, actor.id)))
      .returning();
    const room = roomDataOf(after!);
    // The count travels with the event: a room made public appears in everyone's list with it.
    const { memberCount } = await roomCardOf(tx, room);
    emit({
      type: 'room.updated',
      actorId: actor.id,
      roomId: room.id,
      room,
      accessNarrowed: !before.isPrivate && room.isPrivate,
      accessWidened: before.isPrivate && !room.isPrivate,
      memberCount,
    });
    const notices: RoomNotice[] = [];
    if (before.name !== room.name) notices.push({ kind: 'room_renamed', from: before.name, to: room.name });
    if (before.isPrivate !== room.isPrivate) notices.push({ kind: 'room_privacy_changed', isPrivate: room.isPrivate });
    for (const notice of notices) {
      emit(noticePosted(actor.id, await postRoomNotice(tx, { roomId: room.id, senderId: actor.id, notice })));
    }
    return room;
  });
}
