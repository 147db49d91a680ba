import type { PollOutcome, PollType } from '../../domain/polls';

/**
 * Reports' and polls' domain events (recorded with each change) and what travels live: polls for signed-in members,
 * reports and poll outcomes for admins. Plain JSON (instants as ISO strings): events are stored as jsonb.
 */

/** A poll as /polls shows it, without the viewer's own vote. The subject is a service's title or a user's name only. */
export type PollData = {
  id: string;
  pollType: PollType;
  title: string;
  description: string;
  serviceId: string | null;
  /**
   * The service's owner (public already: every service card carries it), so a member's card can say they may not
   * vote on their own service's removal (domain voteRefusal) without asking the server poll by poll.
   */
  serviceOwnerId: string | null;
  targetUserId: string | null;
  /** The service's title, or the user's display name: never another field of theirs. */
  subjectName: string;
  expiresAt: string;
  createdAt: string;
  yes: number;
  no: number;
};

/** One report as an admin reads it (spec 3: reason, reporter, date). */
export type ReportData = {
  id: string;
  serviceId: string;
  reason: string;
  description: string;
  reporterName: string;
  createdAt: string;
};

/** How an ended poll came out: recorded with the close, and put before the admins. */
export type PollOutcomeData = {
  pollId: string;
  pollType: PollType;
  serviceId: string | null;
  targetUserId: string | null;
  outcome: PollOutcome;
  yes: number;
  no: number;
  /** When it closed: also when a passed service_deletion poll hid its service (services.hidden_at). */
  closedAt: string;
};

export type ModerationAppEvent =
  /** `reportCount` is the service's count with this report, so admin cards update without a read. */
  | {
      type: 'report.submitted';
      reporterId: string;
      serviceId: string;
      reportId: string;
      report: ReportData;
      reportCount: number;
    }
  | { type: 'poll.created'; actorId: string; pollId: string; poll: PollData }
  /** The poll's counts after the vote (votes on one poll are serialized by its row lock, so they only grow). */
  | { type: 'poll.voted'; actorId: string; pollId: string; yes: number; no: number }
  /** The sweep closed an expired poll (actorId null: the server acted). */
  | ({ type: 'poll.closed'; actorId: null } & PollOutcomeData)
  /**
   * A passed service_deletion poll hid its service (with the close, same transaction): the catalogue drops it. Its
   * own type rather than service.updated, so the log says why it left and progression never counts it as an edit.
   */
  | { type: 'service.hidden'; actorId: null; serviceId: string; pollId: string }
  /** An admin put a hidden service back (adminServices.restore): the catalogue shows it again. */
  | { type: 'service.restored'; actorId: string; serviceId: string }
  /** An admin decided not to act on a passed user_ban poll (adminServices.dismissPoll). */
  | { type: 'poll.dismissed'; actorId: string; pollId: string; targetUserId: string | null };

export type ModerationLiveEvent =
  | { type: 'poll-created'; poll: PollData }
  | { type: 'poll-votes'; pollId: string; yes: number; no: number }
  | { type: 'poll-closed'; pollId: string; outcome: PollOutcome; yes: number; no: number }
  /** Admins only (moderationAdmin). */
  | { type: 'report-submitted'; serviceId: string; reportCount: number; report: ReportData }
  /**
   * Admins only: a poll an admin started, so every open admin page disables Poll on that subject at once (members
   * get the whole poll on their own channel, poll-created).
   */
  | { type: 'poll-started'; pollId: string; pollType: PollType; serviceId: string | null; targetUserId: string | null }
  /** Admins only: what an ended poll asks of them (a passed service_deletion hides the service; a user_ban flags). */
  | ({ type: 'poll-outcome' } & PollOutcomeData)
  /**
   * Admins only: another admin deleted or restored a service, or dismissed a poll, so every open admin page drops
   * or updates that card without reading again.
   */
  | { type: 'service-removed'; serviceId: string }
  | { type: 'service-restored'; serviceId: string }
  | { type: 'poll-reviewed'; pollId: string };
