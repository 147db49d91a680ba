/**
 * Feedback's domain events (recorded with each change) and what travels live: a member's own channel (their items)
 * and the admins' channel (every item). Filled in by the feedback feature.
 */
export type FeedbackAppEvent = { type: 'feedback.submitted'; userId: string; feedbackId: string };

export type FeedbackLiveEvent = { type: 'feedback-changed'; feedbackId: string };
