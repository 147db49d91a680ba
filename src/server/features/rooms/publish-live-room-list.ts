import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { roomsChannels } from './rooms.channels';
import type { EventBus } from '../../realtime/event-bus';

/**
 * The rooms list's live news (rooms.listEvents merges the two channels for each viewer, watch-room-list.ts).
 *
 * Public rooms go on the directory with their card: created, renamed or described, made public. A private room's
 * data never goes there: made private, the directory hears only its id; deleted, only its id. Private rooms reach a
 * user's own channel when they are added to one (or create one) and leave it when they are out. A private room's
 * rename reaches no list: sending it to its members would need the member list read on every update, so their lists
 * keep the loaded name until read again (the room's own channel carries it to anyone inside the room).
 * Member counts are those of the card last sent (created, updated, made public, added to); joins and leaves do not
 * send cards.
 */
export function roomListLiveListeners(bus: EventBus): AnyLiveListener[] {
  return [
    defineLiveListener({
      on: 'room.created',
      publish({ room, actorId }) {
        const card = { ...room, memberCount: 1 };
        if (room.isPrivate)
          bus.publish(roomsChannels.userRooms(actorId), { type: 'room-added', room: card, isMember: true });
        else bus.publish(roomsChannels.roomDirectory, { type: 'room-added', room: card, isMember: false });
      },
    }),
    defineLiveListener({
      on: 'room.updated',
      publish({ room, roomId, memberCount, accessNarrowed, accessWidened }) {
        const card = { ...room, memberCount };
        if (accessNarrowed) bus.publish(roomsChannels.roomDirectory, { type: 'room-made-private', roomId });
        else if (accessWidened)
          bus.publish(roomsChannels.roomDirectory, { type: 'room-added', room: card, isMember: false });
        else if (!room.isPrivate) bus.publish(roomsChannels.roomDirectory, { type: 'room-updated', room: card });
      },
    }),
    defineLiveListener({
      on: 'room.deleted',
      publish({ roomId }) {
        // An id alone: a deleted room's id tells nobody anything, and its members' lists must drop it.
        bus.publish(roomsChannels.roomDirectory, { type: 'room-removed', roomId });
      },
    }),
    defineLiveListener({
      on: 'room.member-added',
      publish({ room, userId }) {
        // A public room is on everyone's list already.
        if (room.isPrivate) bus.publish(roomsChannels.userRooms(userId), { type: 'room-added', room, isMember: true });
      },
    }),
    defineLiveListener({
      on: 'room.member-left',
      publish({ roomId, userId, reason, isPrivate }) {
        const channel = roomsChannels.userRooms(userId);
        if (reason === 'banned') bus.publish(channel, { type: 'banned', roomId });
        else if (isPrivate) bus.publish(channel, { type: 'room-removed', roomId });
      },
    }),
    defineLiveListener({
      on: 'room.member-unbanned',
      publish({ roomId, userId, room }) {
        bus.publish(roomsChannels.userRooms(userId), { type: 'unbanned', roomId, room: room.isPrivate ? null : room });
      },
    }),
  ];
}
