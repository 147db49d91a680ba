import type { FeatureWiring } from '../../events/feature-wiring';
import { conversationLiveListeners } from './publish-live';

/** Conversations publish every committed change to the two participants and their inboxes. */
export const conversationsWiring = {
  liveListeners: conversationLiveListeners,
} satisfies FeatureWiring;
