import type { FeatureWiring } from '../../events/feature-wiring';
import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';
import { roomsChannels } from '../rooms/rooms.channels';
import { chatEssentialsChannels } from './chat-essentials.channels';

/** The rooms lists' unread counts, live: up by each message, down by each read of the viewer (any tab or device). */
export const chatEssentialsWiring = {
  liveListeners: (bus: EventBus): AnyLiveListener[] =>
    [
      defineLiveListener({
        on: 'room.message-posted',
        publish({ roomId, message }) {
          if (message.kind !== 'text') return;
          bus.publish(chatEssentialsChannels.roomActivity, {
            type: 'room-message',
            roomId,
            senderId: message.senderId,
            messageId: message.id,
          });
        },
      }),
      defineLiveListener({
        on: 'room.messages-read',
        publish({ roomId, actorId, unread }) {
          if (unread == null) return;
          bus.publish(roomsChannels.userRooms(actorId), { type: 'unread', roomId, unread });
        },
      }),
      defineLiveListener({
        on: 'room.member-changed',
        // A member now (joined, added): their lists count this room's messages from here on.
        publish({ roomId, member }) {
          bus.publish(roomsChannels.userRooms(member.userId), { type: 'member-of', roomId });
        },
      }),
    ] as AnyLiveListener[],
} satisfies FeatureWiring;
