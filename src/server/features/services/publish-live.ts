import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { catalogueChanged } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';

/** Any service or request written: the public listings (and their page caches) refresh. */
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
  ];
}
