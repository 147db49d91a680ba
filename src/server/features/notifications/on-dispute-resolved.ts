import { dealHandler } from './deal-handler';

export const onDisputeResolved = dealHandler({
  name: 'notifications.dispute-resolved',
  on: 'dispute.resolved',
  kind: 'dispute_resolved',
  audience: 'both',
  details: (event) => ({ amountCents: event.refundCents }),
});
