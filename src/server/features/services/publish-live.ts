import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { servicesChannels } from './services.channels';
import type { EventBus } from '../../realtime/event-bus';

/** Tells the public listings that services, requests or the names and pictures on their cards changed. */
export function catalogueChanged(bus: EventBus) {
  bus.publish(servicesChannels.catalogue, { type: 'catalogue-changed' });
}

/**
 * Any service or request written, or who may see them changed: the public listings (and their page caches) refresh.
 * A service hidden by a passed poll or restored by an admin, and a member suspended or unsuspended (their services and
 * requests leave or come back: publicService / publicRequest), change what the listings show without a write to
 * services or requests. So does a review: every card of its provider shows their rating.
 */
export function catalogueLiveListeners(bus: EventBus): AnyLiveListener[] {
  const changed = () => catalogueChanged(bus);
  return [
    defineLiveListener({ on: 'service.created', publish: changed }),
    defineLiveListener({ on: 'service.updated', publish: changed }),
    defineLiveListener({ on: 'service.deleted', publish: changed }),
    defineLiveListener({ on: 'request.created', publish: changed }),
    defineLiveListener({ on: 'request.updated', publish: changed }),
    defineLiveListener({ on: 'request.deleted', publish: changed }),
    // A deleted account's services and requests leave the listings with it.
    defineLiveListener({ on: 'user.deleted', publish: changed }),
    defineLiveListener({ on: 'service.hidden', publish: changed }),
    defineLiveListener({ on: 'service.restored', publish: changed }),
    defineLiveListener({ on: 'user.suspended', publish: changed }),
    defineLiveListener({ on: 'user.unsuspended', publish: changed }),
    defineLiveListener({ on: 'review.submitted', publish: changed }),
  ];
}
