import { awardHandler } from './award-handler';
import { grantMessageXp } from './message-xp';

/** A member's message in a chat room (kind 'text'; the server's notices of joins, kicks and renames do not count). */
export const onRoomMessagePosted = awardHandler({
  name: 'progression.room-message-posted',
  on: 'room.message-posted',
  usersOf: (event) => (event.message.kind === 'text' ? [event.message.senderId] : []),
  grant: async ({ tx }, progress, event) => {
    if (event.message.kind === 'text' && event.message.senderId === progress.userId) {
      await grantMessageXp(tx, progress, { id: event.messageId, sentAt: event.message.sentAt });
    }
  },
});
