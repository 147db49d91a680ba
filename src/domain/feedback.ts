import { z } from 'zod';

/**
 * The feedback centre (spec 2 sections 2-8, spec 3 section 2 Admin Feedback Management). The rules
 * and texts live here; the server enforces them, the web mirrors them.
 */

/** Spec 2 section 3, in the spec's order. */
export const FEEDBACK_CATEGORIES = ['Bug Report', 'Feature Request', 'General', 'UI/UX', 'Performance'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** The spec sets no maxima; these bound every field (a title is a line, a message a few paragraphs). */
export const FEEDBACK_LIMITS = {
  titleMax: 120,
  messageMax: 5000,
  responseMax: 5000,
  /** Titles longer than this are truncated in lists, the full title in a popup (spec 2 section 4). */
  titleTruncateAt: 25,
  /** The dashboard's preview of an admin response (spec 3 section 2). */
  responsePreview: 50,
  /** The success panel shows this long, then the history tab (spec 2 section 4). */
  successPanelMs: 3000,
  /**
   * The most items one list answers: a member's history, and each of the admins' tables. Far above what a person
   * writes or an admin reads in one sitting; the page says when there are more.
   */
  listMax: 200,
  /**
   * The most unresolved items one member may have at once (beyond the spec): one account cannot flood the admins'
   * Unresolved table and push real items out of sight. Far above what a member with real questions has open.
   */
  openPerMember: 20,
} as const;

/** Every user-visible text of the feedback centre, verbatim from spec 2 section 8 and spec 3 section 8. */
export const FEEDBACK_MESSAGES = {
  mustBeLoggedIn: 'You must be logged in to submit feedback',
  fillAllFields: 'Please fill in all fields',
  submitted: 'Feedback submitted successfully!',
  submitFailed: 'Failed to submit feedback. Please try again.',
  loadMineFailed: 'Failed to load your feedback',
  loadFailed: 'Failed to load feedback',
  enterResponse: 'Please enter a response',
  responded: 'Response added successfully',
  respondFailed: 'Failed to add response',
  resolved: 'Feedback marked as resolved',
  resolveFailed: 'Failed to resolve feedback',
  /** Ours (the spec has no way back and so no text for trying): a second resolve is refused with it. */
  alreadyResolved: 'This feedback is already resolved',
  titleTooLong: `Title must be at most ${FEEDBACK_LIMITS.titleMax} characters`,
  messageTooLong: `Message must be at most ${FEEDBACK_LIMITS.messageMax} characters`,
  responseTooLong: `Response must be at most ${FEEDBACK_LIMITS.responseMax} characters`,
  /** Ours (beyond the spec): the 21st unresolved item of one member is refused with it (canSubmitFeedback). */
  tooManyOpen: `You have too many open feedback items (${FEEDBACK_LIMITS.openPerMember}). Please wait until some are resolved before sending more.`,
} as const;

/** Pending until resolved, then Resolved (spec 2 section 4). */
export type FeedbackStatus = 'Pending' | 'Resolved';
export const feedbackStatus = (item: { resolvedAt: string | null }): FeedbackStatus =>
  item.resolvedAt === null ? 'Pending' : 'Resolved';

const required = (max: number, tooLong: string) =>
  z
    .string({ error: FEEDBACK_MESSAGES.fillAllFields })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.fillAllFields })
    .max(max, { error: tooLong });

/** The Submit Feedback form and `feedback.submit`: all three fields required (spec 2 section 5). */
export const feedbackSchema = z.object({
  title: required(FEEDBACK_LIMITS.titleMax, FEEDBACK_MESSAGES.titleTooLong),
  category: z.enum(FEEDBACK_CATEGORIES, { error: FEEDBACK_MESSAGES.fillAllFields }),
  message: required(FEEDBACK_LIMITS.messageMax, FEEDBACK_MESSAGES.messageTooLong),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

/** An admin's answer: non-blank (spec 2 section 5, "Please enter a response"). */
export const feedbackResponseSchema = z.object({
  response: z
    .string({ error: FEEDBACK_MESSAGES.enterResponse })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.enterResponse })
    .max(FEEDBACK_LIMITS.responseMax, { error: FEEDBACK_MESSAGES.responseTooLong }),
});

/** Whether a member with `openCount` unresolved items may send another (FEEDBACK_LIMITS.openPerMember). */
export const canSubmitFeedback = (openCount: number): boolean => openCount < FEEDBACK_LIMITS.openPerMember;

/** Which of the admins' tables: Unresolved Feedback (no resolved_at) or Resolved Feedback. */
export const FEEDBACK_ADMIN_STATUSES = ['unresolved', 'resolved'] as const;
export type FeedbackAdminStatus = (typeof FEEDBACK_ADMIN_STATUSES)[number];

/**
 * Shortens a text to `max` characters with an ellipsis, by code points (an emoji is never cut in half). `truncated`
 * says whether the popup with the full text is needed.
 */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('')}...`, truncated: true };
}

/** A list's title: over 25 characters it is cut, the full title in a popup (spec 2 section 4). */
export const truncateFeedbackTitle = (title: string) => truncateText(title, FEEDBACK_LIMITS.titleTruncateAt);

/** The dashboard's 50-character preview of an admin response (spec 3 section 2); null when there is none. */
export const responsePreview = (response: string | null) =>
  response === null ? null : truncateText(response, FEEDBACK_LIMITS.responsePreview).text;

/**
 * The order of every feedback list (spec 3 section 7: resolved_at ascending with nulls first, then created_at
 * descending): unresolved first, newest first. The server's SQL sorts the same way; the web uses this to place an
 * item a live event brought. The id breaks ties so the order is total.
 */
export function compareFeedback(
  a: { id: string; createdAt: string; resolvedAt: string | null },
  b: { id: string; createdAt: string; resolvedAt: string | null },
): number {
  if (a.resolvedAt !== b.resolvedAt) {
    if (a.resolvedAt === null) return -1;
    if (b.resolvedAt === null) return 1;
    const byResolved = Date.parse(a.resolvedAt) - Date.parse(b.resolvedAt);
    if (byResolved !== 0) return byResolved;
  }
  const byCreated = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byCreated !== 0) return byCreated;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The admins' Resolved Feedback table (beyond the spec): newest resolution first, then as
 * compareFeedback. The spec's ascending order would keep a newly resolved item out of a table capped at
 * FEEDBACK_LIMITS.listMax once more than that many are resolved; the member's history keeps the spec's order.
 */
export function compareResolvedFeedback(
  a: { id: string; createdAt: string; resolvedAt: string | null },
  b: { id: string; createdAt: string; resolvedAt: string | null },
): number {
  if (a.resolvedAt !== null && b.resolvedAt !== null) {
    const byResolved = Date.parse(b.resolvedAt) - Date.parse(a.resolvedAt);
    if (byResolved !== 0) return byResolved;
  }
  return compareFeedback(a, b);
}

/** The order of one of the admins' tables: Unresolved as every list, Resolved newest resolution first. */
export const adminFeedbackOrder = (status: FeedbackAdminStatus) =>
  status === 'resolved' ? compareResolvedFeedback : compareFeedback;
