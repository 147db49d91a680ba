import type { FeatureWiring } from '../../events/feature-wiring';
import { moderationLiveListeners, onUserSuspendedReviewBanPolls } from './moderation-live';

/**
 * Reports and polls publish to members (polls) and admins (reports, outcomes); a suspension settles the passed ban
 * polls about that user (the rest of what they change is written in the use cases' transactions).
 */
export const moderationWiring = {
  handlers: [onUserSuspendedReviewBanPolls],
  liveListeners: moderationLiveListeners,
} satisfies FeatureWiring;
