import type { FeedbackLiveEvent } from '../../contracts/feedback-events';
import { defineChannel } from '../../realtime/channels';

/** The feedback centre's live channels. */
export const feedbackChannels = {
  /** One member's own feedback items (answered, resolved): that member's tabs only. */
  feedbackOf: (userId: string) => defineChannel<FeedbackLiveEvent>(`feedback:${userId}`),
  /** Every feedback item's news, for admins only (feedback.adminEvents checks the role). */
  feedbackAdmin: defineChannel<FeedbackLiveEvent>('feedback-admin'),
} as const;
