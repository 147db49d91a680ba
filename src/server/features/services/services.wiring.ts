import type { FeatureWiring } from '../../events/feature-wiring';
import { catalogueLiveListeners } from './publish-live';

/** Services tell the public listings when a card they show changed. */
export const servicesWiring = {
  liveListeners: catalogueLiveListeners,
} satisfies FeatureWiring;
