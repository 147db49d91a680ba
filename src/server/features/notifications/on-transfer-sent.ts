import { dealHandler } from './deal-handler';

/** The provider's payout left the platform. */
export const onTransferSent = dealHandler({
  name: 'notifications.transfer-sent',
  on: 'transfer.sent',
  kind: 'payout_sent',
  audience: 'provider',
  details: (event) => ({ amountCents: event.amountCents }),
});
