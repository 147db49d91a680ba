/**
 * Reports and community polls (spec 2 sections 2-8, spec 3 sections 2-9; issue 15 items 2-3). The rules and texts
 * live here; the server enforces them, the web mirrors them.
 */

export const POLL_TYPES = ['service_deletion', 'user_ban'] as const;
export type PollType = (typeof POLL_TYPES)[number];

export const POLL_VOTES = ['yes', 'no'] as const;
export type PollVote = (typeof POLL_VOTES)[number];

/** What a poll came to once it ended (issue 15 item 3, beyond the spec): decided by the poll's close. */
export const POLL_OUTCOMES = ['passed', 'failed'] as const;
export type PollOutcome = (typeof POLL_OUTCOMES)[number];

/** Spec 2 section 9: a poll runs 7 days. */
export const POLL_DURATION_MS = 7 * 24 * 60 * 60 * 1000;

export const POLL_LIMITS = {
  titleMax: 200,
  /** The reason: required in practice (spec 2 section 5). */
  descriptionMax: 2000,
} as const;

export const REPORT_LIMITS = {
  reasonMax: 100,
  descriptionMax: 2000,
} as const;
