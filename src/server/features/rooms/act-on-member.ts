import { and, eq, sql } from 'drizzle-orm';
import { memberActionAllowed, type MemberAction } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatRoomBans, chatRoomMembers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { noticePosted, postRoomNotice } from './post-room-notice';
import type { RoomMemberData } from '../../contracts/room-events';
import { assertCanReadRoom, roomAccess } from './room-access';
import { loadRoomMember, noticeNameOf } from './room-member-data';

const NOTICE_OF = { kick: 'member_kicked', ban: 'member_banned', remove: 'member_removed' } as const;
const REASON_OF = { kick: 'kicked', ban: 'banned', remove: 'removed' } as const;

/**
 * The member menu's Kick, Ban, Remove, Mute and Unmute (spec 3, section 6, made real): kick and remove end the
 * membership (a public room can be joined again), ban ends it and keeps the user out (no joining, no invitation, no
 * reading), mute keeps the member reading but not posting until unmuted. Who may do what to whom is
 * memberActionAllowed's (in a public room, the creator alone); the room's lock keeps two actions on one room from
 * crossing. Returns the member as they are now, or null once they are out.
 */
export async function actOnMember(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; userId: string; action: MemberAction },
): Promise<RoomMemberData | null> {
  return inTransaction(deps, async (tx, emit) => {
    const { id: roomId, userId, action } = input;
    const access = await assertCanReadRoom(tx, roomId, actor.id, { lock: true });
    const target = await roomAccess(tx, roomId, userId);
    // The room's privacy is part of the rule: in a public room only the creator acts (a stored role grants nothing).
    const allowed = memberActionAllowed(
      access.room,
      access.standing,
      { standing: target.standing, isSelf: userId === actor.id },
      action,
    );
    if (!allowed) throw new AppError('ROOM_MEMBER_ACTION_REFUSED');
    const membership = and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId));

    if (action === 'mute' || action === 'unmute') {
      // A second mute keeps the first one's time.
      await tx
        .update(chatRoomMembers)
        .set({ mutedAt: action === 'mute' ? sql`coalesce(${chatRoomMembers.mutedAt}, now())` : null })
        .where(membership);
      const member = (await loadRoomMember(tx, roomId, userId))!;
      emit({ type: 'room.member-changed', actorId: actor.id, roomId, member });
      return member;
    }

    await tx.delete(chatRoomMembers).where(membership);
    if (action === 'ban') {
      await tx.insert(chatRoomBans).values({ roomId, userId, bannedBy: actor.id }).onConflictDoNothing();
    }
    emit({
      type: 'room.member-left',
      actorId: actor.id,
      roomId,
      userId,
      reason: REASON_OF[action],
      isPrivate: access.room.isPrivate,
    });
    const name = (await noticeNameOf(tx, userId)) ?? '';
    const notice = await postRoomNotice(tx, {
      roomId,
      senderId: actor.id,
      notice: { kind: NOTICE_OF[action], userId, name },
    });
    emit(noticePosted(actor.id, notice));
    return null;
  });
}
