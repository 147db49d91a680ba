import { awardHandler } from './award-handler';

/**
 * The client accepted the work (or the waiting period ran out): only then does a service count as completed for
 * its provider (ProgressStats.servicesCompleted reads accepted_at), so service.completed, the provider's own claim,
 * awards nothing by itself.
 */
export const onCompletionConfirmed = awardHandler({
  name: 'progression.completion-confirmed',
  on: 'completion.confirmed',
  usersOf: (event) => [event.participants.providerId],
});
