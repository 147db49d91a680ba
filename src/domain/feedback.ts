/**
 * The feedback centre (spec 2 sections 2-8, spec 3 section 2 Admin Feedback Management; issue 15 item 1). The rules
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
} as const;
