import { canInvite } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRoomMembers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { isBlockedBetween } from '../blocks/block-rules';
import { noticePosted, postRoomNotice } from './post-room-notice';
import { assertCanReadRoom, roomAccess } from './room-access';
import { roomCardOf } from './list-rooms';
import { loadRoomMember, noticeNameOf, roomDataOf } from './room-member-data';

/**
 * The invite dialog's add (spec 3, section 6, as canInvite reads it with section 4: the creator, or any member of a
 * private room). A user banned from the room cannot be added back by anyone; an existing member is "already a
 * member".
 */
export async function addRoomMember(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; userId: string },
) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await assertCanReadRoom(tx, input.id, actor.id, { lock: true });
    if (!canInvite(access.room, access.standing)) throw new AppError('ROOM_CANNOT_ADD');
    // The room's lock is already held: this read only learns where the invitee stands.
    const target = await roomAccess(tx, input.id, input.userId);
    if (target.banned) throw new AppError('ROOM_CANNOT_ADD');
    if (target.standing !== 'outsider') throw new AppError('ROOM_ALREADY_MEMBER');
    // A block either way: the answer of any other refusal, and only once membership was answered as for anyone, so
    // the blocked side learns nothing.
    if (await isBlockedBetween(tx, actor.id, input.userId)) throw new AppError('ROOM_CANNOT_ADD');
    const name = await noticeNameOf(tx, input.userId);
    if (name === null) throw new AppError('ROOM_CANNOT_ADD');
    // Marked as invited: a room one was pulled into is not a room one joined, and earns no progression
    // (progress-stats.ts rooms_joined). The flag, not added_by, says so: added_by
    // empties when the adder deletes their account. Adding oneself cannot happen (one is a member already, above).
    await tx
      .insert(chatRoomMembers)
      .values({ roomId: input.id, userId: input.userId, role: 'member', addedBy: actor.id, invited: true });
    const member = (await loadRoomMember(tx, input.id, input.userId))!;
    emit({ type: 'room.member-changed', actorId: actor.id, roomId: input.id, member });
    // The added user's rooms list gains the room (a private one appears there only now).
    const room = await roomCardOf(tx, roomDataOf(access.room));
    emit({ type: 'room.member-added', actorId: actor.id, roomId: input.id, userId: input.userId, room });
    const notice = await postRoomNotice(tx, {
      roomId: input.id,
      senderId: actor.id,
      notice: { kind: 'member_added', userId: input.userId, name, byName: (await noticeNameOf(tx, actor.id)) ?? '' },
    });
    emit(noticePosted(actor.id, notice));
    return member;
  });
}
