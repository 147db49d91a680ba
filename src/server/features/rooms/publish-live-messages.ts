import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { roomsChannels } from './rooms.channels';
import type { EventBus } from '../../realtime/event-bus';

/**
 * Room messages, edits, deletions and reactions to the room's live channel (receipts to their readers' and authors'
 * receipts channels), with their data: the screens
 * apply them to their cache and never refetch. Who hears the channel is checked by the room's subscription.
 */
export function roomMessageLiveListeners(bus: EventBus): AnyLiveListener[] {
  return [
    defineLiveListener({
      on: 'room.message-posted',
      publish: (e) => bus.publish(roomsChannels.room(e.roomId), { type: 'message', message: e.message }),
    }),
    defineLiveListener({
      on: 'room.message-edited',
      publish: (e) => bus.publish(roomsChannels.room(e.roomId), { type: 'message-updated', message: e.message }),
    }),
    defineLiveListener({
      on: 'room.message-deleted',
      publish: (e) => bus.publish(roomsChannels.room(e.roomId), { type: 'message-deleted', messageId: e.messageId }),
    }),
    defineLiveListener({
      on: 'room.reaction-changed',
      publish: (e) =>
        bus.publish(roomsChannels.room(e.roomId), {
          type: 'reaction',
          messageId: e.messageId,
          userId: e.userId,
          emoji: e.emoji,
        }),
    }),
    defineLiveListener({
      on: 'room.messages-read',
      // To each author, the receipts of their own messages; to the reader's own tabs, all of them. Nobody is told
      // who read a message they did not write.
      publish: (e) => {
        const read = (messageIds: string[], senderIds: string[]) => ({
          type: 'read' as const,
          userId: e.actorId,
          messageIds,
          readAt: e.readAt,
          reader: e.reader,
          senderIds,
        });
        bus.publish(roomsChannels.roomReceipts(e.roomId, e.actorId), read(e.messageIds, e.senderIds));
        for (const author of e.senderIds) {
          if (author === e.actorId) continue;
          const own = e.messageIds.filter((_, i) => e.messageSenders[i] === author);
          bus.publish(roomsChannels.roomReceipts(e.roomId, author), read(own, [author]));
        }
      },
    }),
  ] as AnyLiveListener[];
}
