import type { FeedbackCategory } from '../../domain/feedback';

// Type aliases, not interfaces: domain events carry these, and only aliases are checked as JSON (app-events.ts).
/** One feedback item as its author's history shows it: never who of the admins answered or resolved it. */
export type FeedbackItem = {
  id: string;
  title: string;
  category: FeedbackCategory;
  message: string;
  createdAt: string;
  adminResponse: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
};

/** The same item as the admins' tables show it: who sent it, and which admin answered and resolved it. */
export type FeedbackAdminItem = FeedbackItem & {
  userId: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  respondedBy: string | null;
  resolvedBy: string | null;
};

/**
 * Feedback's domain events, recorded with each change. Each carries the item after the change, so live publishing
 * sends it and no screen reads the list again.
 */
export type FeedbackAppEvent =
  | { type: 'feedback.submitted'; actorId: string; userId: string; feedbackId: string; item: FeedbackAdminItem }
  | { type: 'feedback.responded'; actorId: string; userId: string; feedbackId: string; item: FeedbackAdminItem }
  | { type: 'feedback.resolved'; actorId: string; userId: string; feedbackId: string; item: FeedbackAdminItem };

/**
 * What travels live. The author's own channel (feedbackChannels.feedbackOf) carries `feedback-changed` with the
 * author's view of the item; the admins' channel (feedbackChannels.feedbackAdmin) carries `admin-feedback-changed` with
 * the admin view. Either way the item is the whole row after the change: the web puts it in place (new, answered or
 * resolved).
 */
export type FeedbackLiveEvent =
  | { type: 'feedback-changed'; feedbackId: string; item: FeedbackItem }
  | { type: 'admin-feedback-changed'; feedbackId: string; item: FeedbackAdminItem };
