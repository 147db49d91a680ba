import { awardHandler } from './award-handler';
import { grantMessageXp } from './message-xp';

/**
 * A conversation opened with its opener's first words (requesting a service, an offer on a request): that first
 * message is a message sent like any other (message.sent is not emitted for it).
 */
export const onConversationOpened = awardHandler({
  name: 'progression.conversation-opened',
  on: 'conversation.opened',
  usersOf: (event) => (event.message?.kind === 'text' ? [event.message.senderId] : []),
  grant: async ({ tx }, progress, event) => {
    const message = event.message;
    if (message?.kind === 'text' && message.senderId === progress.userId) {
      await grantMessageXp(tx, progress, { id: message.id, sentAt: message.createdAt });
    }
  },
});
