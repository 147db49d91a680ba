import { awardHandler } from './award-handler';

/** The provider was paid: their earnings grow (earnings_500). */
export const onTransferSent = awardHandler({
  name: 'progression.transfer-sent',
  on: 'transfer.sent',
  usersOf: (event) => [event.participants.providerId],
});
