import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';
import { blocksChannels } from './blocks.channels';

/** A block or an unblock goes to the blocker's own channel, with the member as the list shows them. */
export function blocksLiveListeners(bus: EventBus): AnyLiveListener[] {
  return [
    defineLiveListener({
      on: 'user.blocked',
      publish: ({ actorId, member }) => void bus.publish(blocksChannels.blocksOf(actorId), { type: 'blocked', member }),
    }),
    defineLiveListener({
      on: 'user.unblocked',
      publish: ({ actorId, userId }) =>
        void bus.publish(blocksChannels.blocksOf(actorId), { type: 'unblocked', userId }),
    }),
  ];
}
