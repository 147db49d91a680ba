import type { Db } from '../../db/database';
import { chatRoomMembers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { noticePosted, postRoomNotice } from './post-room-notice';
import { roomAccess } from './room-access';
import { loadRoomMember, noticeNameOf } from './room-member-data';

/**
 * Joining a public room (anyone signed in who is not banned from it); a private room is joined only by invitation.
 * Under the room's lock, so a join and a ban of the same user cannot cross.
 */
export async function joinRoom(deps: { db: Db; events: DomainEvents }, actor: { id: string }, input: { id: string }) {
  return inTransaction(deps, async (tx, emit) => {
    const access = await roomAccess(tx, input.id, actor.id, { lock: true });
    if (access.banned) throw new AppError('ROOM_BANNED');
    if (access.standing !== 'outsider') throw new AppError('ROOM_ALREADY_MEMBER');
    if (access.room.isPrivate) throw new AppError('ROOM_NO_ACCESS');
    await tx.insert(chatRoomMembers).values({ roomId: input.id, userId: actor.id, role: 'member' });
    const member = (await loadRoomMember(tx, input.id, actor.id))!;
    emit({ type: 'room.member-changed', actorId: actor.id, roomId: input.id, member });
    const name = (await noticeNameOf(tx, actor.id)) ?? '';
    const notice = await postRoomNotice(tx, {
      roomId: input.id,
      senderId: actor.id,
      notice: { kind: 'member_joined', userId: actor.id, name },
    });
    emit(noticePosted(actor.id, notice));
    return member;
  });
}
