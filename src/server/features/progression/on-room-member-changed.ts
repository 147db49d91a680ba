import { awardHandler } from './award-handler';

/**
 * Joining a public room and being added to one both emit room.member-changed with the membership (join-room.ts,
 * add-room-member.ts); so do role changes and mutes, which change no count and so award nothing.
 */
export const onRoomMemberChanged = awardHandler({
  name: 'progression.room-member-changed',
  on: 'room.member-changed',
  usersOf: (event) => [event.member.userId],
});
