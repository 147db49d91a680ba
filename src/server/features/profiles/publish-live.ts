import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { channels } from '../../realtime/channels';
import { catalogueChanged } from '../services/publish-live';
import type { EventBus } from '../../realtime/event-bus';

/**
 * A profile or avatar change refreshes that user's own views (every tab and device) and the public listings, whose
 * cards show owners' names and pictures. payouts emits profile.updated too and relies on this.
 */
export function profileLiveListeners(bus: EventBus): AnyLiveListener[] {
  const profileChanged = ({ userId }: { userId: string }) => {
    bus.publish(channels.profile(userId), { type: 'profile-updated' });
    catalogueChanged(bus);
  };
  return [
    defineLiveListener({ on: 'profile.updated', publish: profileChanged }),
    defineLiveListener({ on: 'avatar.set', publish: profileChanged }),
  ];
}
