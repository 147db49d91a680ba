import { dealHandler } from './deal-handler';

/** The client is asked to confirm the work. */
export const onServiceCompleted = dealHandler({
  name: 'notifications.service-completed',
  on: 'service.completed',
  kind: 'service_completed',
  audience: 'client',
});
