import { awardHandler } from './award-handler';
import { grantMessageXp } from './message-xp';

/** A conversation message: its sender earns the message's XP (capped per day) and may complete message quests. */
export const onMessageSent = awardHandler({
  name: 'progression.message-sent',
  on: 'message.sent',
  // Only a participant's own words count (kind 'text'); the sender is the message's, whoever acted.
  usersOf: (event) => (event.message?.kind === 'text' ? [event.message.senderId] : []),
  grant: async ({ tx }, progress, event) => {
    if (event.message?.kind === 'text' && event.message.senderId === progress.userId) {
      await grantMessageXp(tx, progress, { id: event.messageId, sentAt: event.message.createdAt });
    }
  },
});
