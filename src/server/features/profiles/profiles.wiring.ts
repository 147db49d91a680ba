import type { FeatureWiring } from '../../events/feature-wiring';
import { profileLiveListeners } from './publish-live';

/** Profiles publish a user's changed name, bio and avatar to that user's views. */
export const profilesWiring = {
  liveListeners: profileLiveListeners,
} satisfies FeatureWiring;
