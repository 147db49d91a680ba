import { type NameParts, UNKNOWN_USER } from './user-summary';

/**
 * Reports and community polls (spec 2 sections 2-8, spec 3 sections 2-9, and beyond them below). The rules and texts
 * live here; the server enforces them, the web mirrors them.
 *
 * How a poll ends (beyond the spec, which only counts votes; decided here):
 * - A poll is open for votes while it is active and before expires_at (created_at + 7 days). After expires_at it
 *   reads "Expired" and refuses votes at once, even before the sweep has closed it.
 * - The server's poll sweep (every minute) closes each expired poll: is_active false, closed_at, and its outcome by
 *   `pollOutcome`: passed when at least POLL_MIN_VOTES members voted and yes outnumbers no (a tie fails), else failed.
 * - Nothing is deleted or banned by a vote: minors vote here, so a passed poll only asks an admin to act. A passed
 *   service_deletion poll asks for the service to be hidden from listings until an admin confirms or restores it; a
 *   passed user_ban poll flags the user for an admin. Both outcomes go to the admins' live channel and, with the
 *   poll's start, to audit_events.
 * - A service or user with an active poll cannot get another (one active poll per subject, a database key); once
 *   closed, a new poll may start.
 */

export const POLL_TYPES = ['service_deletion', 'user_ban'] as const;
export type PollType = (typeof POLL_TYPES)[number];

export const POLL_VOTES = ['yes', 'no'] as const;
export type PollVote = (typeof POLL_VOTES)[number];

/** What a poll came to once it ended (beyond the spec): decided by the poll's close. */
export const POLL_OUTCOMES = ['passed', 'failed'] as const;
export type PollOutcome = (typeof POLL_OUTCOMES)[number];

/** Spec 2 section 9: a poll runs 7 days. */
export const POLL_DURATION_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec 2 section 7: /polls lists the active polls expiring within 7 days. */
export const POLL_LISTING_WINDOW_MS = POLL_DURATION_MS;
/** A poll passes only with at least this many votes (beyond the spec): a handful of accounts cannot pass one. */
export const POLL_MIN_VOTES = 5;

export const POLL_LIMITS = {
  titleMax: 200,
  /** The reason: required in practice (spec 2 section 5). */
  descriptionMax: 2000,
  /** /polls shows at most this many polls (newest first). */
  listMax: 50,
  /** Polls one sweep run closes at most (the next run takes the rest). */
  sweepBatch: 100,
} as const;

export const REPORT_LIMITS = {
  reasonMax: 100,
  descriptionMax: 2000,
  /** Services whose report counts one admin call asks for (a page of admin cards). */
  countsMaxServices: 100,
  /** The reports of one service an admin reads at once, newest first. */
  listMax: 200,
} as const;

/** Why a member reports a service (beyond the spec, which only stores a reason): a short fixed list. */
export const REPORT_REASONS = [
  'Inappropriate content',
  'Spam or scam',
  'Unsafe for minors',
  'Misleading',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The spec's texts (spec 2 section 8, spec 3 section 8), and ours for what goes beyond it. */
export const POLL_MESSAGES = {
  loadFailed: 'Failed to load polls',
  voteStatusFailed: 'Error checking vote status',
  alreadyVoted: 'You have already voted on this poll',
  voteFailed: 'Failed to cast vote',
  voted: 'Vote cast successfully!',
  createFailed: 'Failed to create community poll',
  created: 'Community poll created successfully',
  reportsLoadFailed: 'Failed to load service reports',
  // Ours (beyond the spec):
  pollEnded: 'This poll has ended',
  pollNotFound: 'Poll not found',
  alreadyActive: 'A community poll is already active for this subject',
  /** A service a passed poll already hid waits for an admin: another vote about it would decide nothing. */
  serviceHidden: 'This service is already hidden and awaits an admin',
  reasonRequired: 'Please enter a reason for the poll',
  userNotFound: 'User not found',
  expired: 'Expired',
  noPolls: 'There are no active community polls right now.',
  /** Who may not vote (voteRefusal). */
  ownServiceVote: 'You cannot vote on a poll about your own service',
  selfVote: 'You cannot vote on a poll about yourself',
  accountTooNew: 'Only accounts that existed when this poll started can vote on it',
  /** Who may not be the subject of a ban poll (banTargetRefusal). */
  cannotTargetAdmin: 'An admin cannot be the subject of a ban poll',
  cannotTargetSelf: 'You cannot start a ban poll about yourself',
} as const;

export const REPORT_MESSAGES = {
  reasonRequired: 'Please select a reason',
  descriptionRequired: 'Please describe the problem',
  descriptionTooLong: `Description cannot exceed ${REPORT_LIMITS.descriptionMax} characters`,
  submitted: 'Report submitted. Thank you for keeping SkillNest safe.',
  submitFailed: 'Failed to submit report',
  alreadyReported: 'You have already reported this service',
  ownService: 'You cannot report your own service',
  signInToReport: 'Please sign in to report a service',
} as const;

/**
 * How a user_ban poll names its subject to every member: first name and last initial only ("Maya M."). Minors vote
 * here, and a poll is seen by all of them for 7 days: a full name would make it a public accusation.
 */
export function banSubjectName(name: NameParts): string {
  const first = name.firstName?.trim();
  const initial = [...(name.lastName?.trim() ?? '')][0];
  if (!first) return initial ? `${initial.toUpperCase()}.` : UNKNOWN_USER;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Why a member may not vote on a poll: one of these texts, shown on the poll's card and given by the refusal. */
export type VoteRefusal = (typeof POLL_MESSAGES)['ownServiceVote' | 'selfVote' | 'accountTooNew'];

/**
 * Why a member may not vote on a poll, or null when they may. The poll's subject never votes on it (a service's
 * owner on its removal, a user on their own ban), and an account made after the poll started never votes on it: a
 * handful of sign-ups made for the occasion cannot decide a poll. No account at all (deleted meanwhile) is no older
 * than the poll either. The server refuses by it (castVote); /polls shows it on the card instead of the buttons.
 */
export function voteRefusal(
  poll: { pollType: PollType; serviceOwnerId: string | null; targetUserId: string | null; createdAt: Date | string },
  voter: { id: string; createdAt: Date | string } | null,
): VoteRefusal | null {
  if (!voter) return POLL_MESSAGES.accountTooNew;
  if (poll.pollType === 'service_deletion' && poll.serviceOwnerId === voter.id) return POLL_MESSAGES.ownServiceVote;
  if (poll.pollType === 'user_ban' && poll.targetUserId === voter.id) return POLL_MESSAGES.selfVote;
  if (new Date(voter.createdAt).getTime() >= new Date(poll.createdAt).getTime()) return POLL_MESSAGES.accountTooNew;
  return null;
}

/** Why a user may not be the subject of a ban poll, or null: never an admin, never the admin starting it. */
export function banTargetRefusal(
  target: { id: string; isAdmin: boolean },
  starter: { id: string },
): (typeof POLL_MESSAGES)['cannotTargetSelf' | 'cannotTargetAdmin'] | null {
  if (target.id === starter.id) return POLL_MESSAGES.cannotTargetSelf;
  if (target.isAdmin) return POLL_MESSAGES.cannotTargetAdmin;
  return null;
}

/** The title a poll gets when the admin leaves it blank, from its subject (a service's title, a user's name). */
export function defaultPollTitle(pollType: PollType, subjectName: string): string {
  const title = pollType === 'service_deletion' ? `Remove service: ${subjectName}` : `Ban user: ${subjectName}`;
  return [...title].slice(0, POLL_LIMITS.titleMax).join('');
}

/** "Xd Yh remaining" until expiresAt, or "Expired" once it has passed (spec 2 section 4). */
export function formatTimeRemaining(expiresAt: Date | string, now: Date = new Date()): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (!(left > 0)) return POLL_MESSAGES.expired;
  const hours = Math.floor(left / (60 * 60 * 1000));
  return `${Math.floor(hours / 24)}d ${hours % 24}h remaining`;
}

/** Whether a poll still takes votes: active and not past expires_at (the sweep may not have closed it yet). */
export function isPollOpen(poll: { isActive: boolean; expiresAt: Date | string }, now: Date = new Date()): boolean {
  return poll.isActive && new Date(poll.expiresAt).getTime() > now.getTime();
}

/** What an ended poll came to: passed with at least POLL_MIN_VOTES votes and more yes than no (see the top). */
export function pollOutcome(counts: { yes: number; no: number }): PollOutcome {
  return counts.yes + counts.no >= POLL_MIN_VOTES && counts.yes > counts.no ? 'passed' : 'failed';
}
