import type { ModerationAction, ReportEvidence, ReportReason, ReportTargetKind } from '../../domain/member-reports';

/**
 * Member reports' domain events and what travels live to admins' queue. Plain JSON. Never a report's words or its
 * evidence in a domain event (the outbox keeps no private words); the live stream to admins reads the item and
 * carries it whole.
 */
export type MemberReportAppEvent =
  | {
      type: 'member-report.submitted';
      reporterId: string;
      reportId: string;
      targetKind: ReportTargetKind;
      targetId: string;
    }
  | {
      type: 'member-reports.resolved';
      actorId: string;
      targetKind: ReportTargetKind;
      targetId: string;
      action: ModerationAction;
      reportIds: string[];
    }
  /** A moderator warned the member: their notification. */
  | { type: 'member.warned'; actorId: string; userId: string }
  /** A moderator replaced a direct message's words with the removed notice: both parties' screens update. */
  | {
      type: 'direct-message.removed';
      actorId: string;
      conversationId: string;
      messageId: string;
      parties: [string, string];
    };

/** One report inside a queue item. */
export type QueueReport = {
  id: string;
  reporterName: string;
  reason: ReportReason;
  description: string;
  createdAt: string;
};

/** One reported item with its open reports, as the admin queue shows it. */
export type QueueItem = {
  targetKind: ReportTargetKind;
  targetId: string;
  reportedUserId: string;
  reportedUserName: string;
  /** As copied by the first open report: what the moderator judges. */
  evidence: ReportEvidence;
  count: number;
  latestAt: string;
  reports: QueueReport[];
};

/** What travels on the admins' reports channel: the item's key only (the bus may be PostgreSQL's NOTIFY). */
export type ReportQueueLiveEvent = { type: 'item-changed'; targetKind: ReportTargetKind; targetId: string };
