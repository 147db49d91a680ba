import { dealHandler } from './deal-handler';

/** The provider hears the work was accepted, by the client or automatically after the waiting period. */
export const onCompletionConfirmed = dealHandler({
  name: 'notifications.completion-confirmed',
  on: 'completion.confirmed',
  kind: 'completion_confirmed',
  audience: 'provider',
  details: (event) => ({ automatic: event.automatic }),
});
