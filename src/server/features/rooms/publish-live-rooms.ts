import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { roomsChannels } from './rooms.channels';
import type { EventBus } from '../../realtime/event-bus';

/**
 * Room and membership events to the room's live channel, with the data the screens apply. A new room goes to no
 * room channel (nobody watches it yet); its messages, reactions and receipts are publish-live-messages.ts's.
 */
export function roomLiveListeners(bus: EventBus): AnyLiveListener[] {
  return [
    defineLiveListener({
      on: 'room.updated',
      publish(event) {
        const channel = roomsChannels.room(event.roomId);
        // Made private: the readers who are not members are dropped before the new name and description reach them.
        if (event.accessNarrowed) bus.publish(channel, { type: 'access-changed', userIds: 'all' });
        bus.publish(channel, { type: 'room-updated', room: event.room });
      },
    }),
    defineLiveListener({
      on: 'room.deleted',
      publish(event) {
        bus.publish(roomsChannels.room(event.roomId), { type: 'room-deleted' });
      },
    }),
    defineLiveListener({
      on: 'room.member-changed',
      publish(event) {
        bus.publish(roomsChannels.room(event.roomId), { type: 'member', member: event.member });
      },
    }),
    defineLiveListener({
      on: 'room.member-left',
      publish(event) {
        const channel = roomsChannels.room(event.roomId);
        // The member's own screen hears that they are out, then their subscription re-checks (and ends if they may no
        // longer read: a private room, or a ban).
        bus.publish(channel, { type: 'member-left', userId: event.userId, reason: event.reason });
        bus.publish(channel, { type: 'access-changed', userIds: [event.userId] });
      },
    }),
    defineLiveListener({
      on: 'room.member-unbanned',
      publish(event) {
        // The staff's open Banned lists drop the row. The unbanned user is not reading the room (a ban ended that).
        bus.publish(roomsChannels.room(event.roomId), { type: 'member-unbanned', userId: event.userId });
      },
    }),
  ];
}
