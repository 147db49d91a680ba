import type { PortfolioItemData } from '../../contracts/profile-events';
import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { portfolioChannels } from './portfolio.channels';
import type { EventBus } from '../../realtime/event-bus';

/**
 * A portfolio item added, edited or removed: visitors of that user's profile see it live. The item is public as the
 * list is (portfolio.list answers anyone), so it travels whole.
 */
export function portfolioLiveListeners(bus: EventBus): AnyLiveListener[] {
  const saved = ({ actorId, item }: { actorId: string; item?: PortfolioItemData }) => {
    if (item) bus.publish(portfolioChannels.portfolio(actorId), { type: 'portfolio-item-saved', item });
  };
  return [
    defineLiveListener({ on: 'portfolio.item-added', publish: saved }),
    defineLiveListener({ on: 'portfolio.item-updated', publish: saved }),
    defineLiveListener({
      on: 'portfolio.item-removed',
      publish: ({ actorId, itemId }) =>
        bus.publish(portfolioChannels.portfolio(actorId), { type: 'portfolio-item-removed', itemId }),
    }),
  ];
}
