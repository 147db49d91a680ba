import { awardHandler } from './award-handler';

/** Creating a room makes its creator its first member: a room joined (join_chat_rooms, rooms_5). */
export const onRoomCreated = awardHandler({
  name: 'progression.room-created',
  on: 'room.created',
  usersOf: (event) => [event.actorId],
});
