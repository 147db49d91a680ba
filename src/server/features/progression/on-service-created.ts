import { awardHandler } from './award-handler';

/** A service offered: first_service, service_provider, the services_created badges, versatile. */
export const onServiceCreated = awardHandler({
  name: 'progression.service-created',
  on: 'service.created',
  usersOf: (event) => [event.actorId],
});
