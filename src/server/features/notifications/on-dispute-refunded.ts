import { dealHandler } from './deal-handler';

/**
 * An admin ended a dispute with a refund, whole or partial: the client hears of the refund (on-refund-issued.ts),
 * the provider of the outcome, as after a release.
 */
export const onDisputeRefunded = dealHandler({
  name: 'notifications.dispute-refunded',
  on: 'refund.issued',
  kind: 'dispute_resolved',
  audience: (event) => (event.resolvedDisputeId ? 'provider' : 'nobody'),
  details: (event) => ({ amountCents: event.amountCents }),
});
