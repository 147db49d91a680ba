import { dealHandler } from './deal-handler';

export const onServiceStarted = dealHandler({
  name: 'notifications.service-started',
  on: 'service.started',
  kind: 'service_started',
  audience: 'client',
});
