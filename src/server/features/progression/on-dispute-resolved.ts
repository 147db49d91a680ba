import { awardHandler } from './award-handler';

/**
 * An admin released a disputed payment to the provider: resolving the dispute accepts the work as it stands
 * (resolve-dispute.ts sets accepted_at), so the service counts as completed for its provider now, as a confirmation
 * would (without this, a provider already holding earnings_500 waited for unrelated XP).
 */
export const onDisputeResolved = awardHandler({
  name: 'progression.dispute-resolved',
  on: 'dispute.resolved',
  usersOf: (event) => [event.participants.providerId],
});
