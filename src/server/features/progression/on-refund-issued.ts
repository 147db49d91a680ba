import { awardHandler } from './award-handler';

/**
 * A partial refund that resolves a dispute also accepts the work (resolve-dispute.ts sets accepted_at and records
 * refund.issued, not dispute.resolved): the provider's completion counts from now, as for a release.
 * Other refunds cancel the conversation: the review then finds nothing new, which costs one review
 * per refund, a rare admin action.
 */
export const onRefundIssued = awardHandler({
  name: 'progression.refund-issued',
  on: 'refund.issued',
  usersOf: (event) => [event.participants.providerId],
});
