import type { PublicProfileData } from '../../contracts/profile-events';
import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { profilesChannels } from './profiles.channels';
import { catalogueChanged } from '../services/publish-live';
import type { EventBus } from '../../realtime/event-bus';

/**
 * A profile or avatar change reaches that user's own views (every tab and device) with the public profile it
 * carries, and refreshes the public listings, whose cards show owners' names and pictures. payouts and Stripe's
 * webhook emit profile.updated with no profile: only the owner's private views read themselves again.
 */
export function profileLiveListeners(bus: EventBus): AnyLiveListener[] {
  const profileChanged = (event: { userId: string; profile?: PublicProfileData; privateFieldsChanged?: boolean }) => {
    const { userId, profile, privateFieldsChanged } = event;
    bus.publish(profilesChannels.profile(userId), {
      type: 'profile-updated',
      ...(profile && { profile }),
      ...(privateFieldsChanged && { privateFieldsChanged }),
    });
    if (profile) catalogueChanged(bus);
  };
  return [
    defineLiveListener({ on: 'profile.updated', publish: profileChanged }),
    defineLiveListener({ on: 'avatar.set', publish: profileChanged }),
  ];
}
