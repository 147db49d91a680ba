import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { channels } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';

/** A portfolio item added, edited or removed: visitors of that user's profile see it live. */
export function portfolioLiveListeners(bus: EventBus): AnyLiveListener[] {
  const changed = ({ actorId }: { actorId: string }) =>
    bus.publish(channels.portfolio(actorId), { type: 'portfolio-changed' });
  return [
    defineLiveListener({ on: 'portfolio.item-added', publish: changed }),
    defineLiveListener({ on: 'portfolio.item-updated', publish: changed }),
    defineLiveListener({ on: 'portfolio.item-removed', publish: changed }),
  ];
}
