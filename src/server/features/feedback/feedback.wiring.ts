import type { FeatureWiring } from '../../events/feature-wiring';
import { feedbackLiveListeners } from './feedback-live';

/** Feedback publishes each item's change to its author and to the admins; nothing else reacts to it yet. */
export const feedbackWiring = {
  liveListeners: feedbackLiveListeners,
} satisfies FeatureWiring;
