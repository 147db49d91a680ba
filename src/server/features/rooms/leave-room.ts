import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chatRoomMembers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { noticePosted, postRoomNotice } from './post-room-notice';
import { assertCanReadRoom } from './room-access';
import { noticeNameOf } from './room-member-data';

/**
 * A member leaves. The creator cannot (they cannot be removed either). A muted member cannot: their mute lives on
 * the membership, and leaving a public room would let them post again at once as a non-member.
 */
export async function leaveRoom(deps: { db: Db; events: DomainEvents }, actor: { id: string }, input: { id: string }) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    if (access.standing === 'outsider' || access.standing === 'creator') {
      throw new AppError('ROOM_MEMBER_ACTION_REFUSED');
    }
    if (access.membership?.mutedAt) throw new AppError('ROOM_MUTED');
    await tx
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, input.id), eq(chatRoomMembers.userId, actor.id)));
    emit({
      type: 'room.member-left',
      actorId: actor.id,
      roomId: input.id,
      userId: actor.id,
      reason: 'left',
      isPrivate: access.room.isPrivate,
    });
    const name = (await noticeNameOf(tx, actor.id)) ?? '';
    const notice = await postRoomNotice(tx, {
      roomId: input.id,
      senderId: actor.id,
      notice: { kind: 'member_left', userId: actor.id, name },
    });
    emit(noticePosted(actor.id, notice));
    return { id: input.id };
  });
}
