import type { FeatureWiring } from '../../events/feature-wiring';
import { portfolioLiveListeners } from './publish-live';

/** The portfolio publishes its changes to the visitors of its owner's profile. */
export const portfolioWiring = {
  liveListeners: portfolioLiveListeners,
} satisfies FeatureWiring;
