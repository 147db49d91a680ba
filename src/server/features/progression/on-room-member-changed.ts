import { awardHandler } from './award-handler';

/**
 * Joining a public room emits room.member-changed with the membership (join-room.ts): a room the user chose counts
 * toward join_chat_rooms and rooms_5. So do an invitation (add-room-member.ts), role changes and mutes, all made by
 * someone else: those rooms count for nothing (progress-stats.ts counts only rooms joined or created by the
 * user), so those events review no one.
 */
export const onRoomMemberChanged = awardHandler({
  name: 'progression.room-member-changed',
  on: 'room.member-changed',
  usersOf: (event) => (event.actorId === event.member.userId ? [event.member.userId] : []),
});
