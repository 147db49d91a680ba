import { z } from 'zod';
import { adminReasonSchema, SUSPENSION_CHOICES } from './admin-users';

/**
 * Reports of members and what they wrote, and the moderators' answers to them. The rules and texts live here; the
 * server enforces them, the web mirrors them.
 *
 * Decided here:
 * - A member reports only what they can see (their own conversation's message, a room they may read, a public review,
 *   a member who exists), never themselves nor what they wrote; the reported member is never told.
 * - One open report per reporter and item; once a moderator settles it, the same item may be reported again.
 * - What was reported is copied into the report when it is made (the evidence), so an edit or a deletion later does
 *   not change what the moderator reads.
 * - Every moderator action says why (the audit log keeps it) and settles every open report of the item at once.
 */

export const REPORT_TARGET_KINDS = ['member', 'direct_message', 'room_message', 'review', 'room'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'scam', 'inappropriate_for_minors', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  spam: 'Spam',
  scam: 'Scam or off-platform payment',
  inappropriate_for_minors: 'Inappropriate for minors',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MEMBER_REPORT_LIMITS = {
  descriptionMax: 1000,
  /** Reports one member may send in an hour: enough for a bad evening, too few to flood the queue. */
  perHour: 20,
  /** Items per page of the admin queue. */
  queuePage: 50,
  /** The evidence kept of a long text (a bio, a room description): what a moderator needs to judge. */
  evidenceMax: 4000,
} as const;

/** The words shown for each kind of item, in the dialog's title and the queue. */
export const REPORT_TARGET_LABELS: Record<ReportTargetKind, string> = {
  member: 'Member',
  direct_message: 'Direct message',
  room_message: 'Room message',
  review: 'Review',
  room: 'Room',
};

/** What was reported, copied when the report was made: a later edit or deletion does not change it. */
export type ReportEvidence = {
  /** The message's or review's words, the room's or member's name. */
  text: string | null;
  /** A room's description, a member's bio. */
  detail: string | null;
  mediaUrl: string | null;
  /** Where it was: the room or the conversation, for the moderator's context. */
  roomId: string | null;
  conversationId: string | null;
};

const idSchema = z.string().trim().min(1).max(64);

export const reportInputSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, { message: 'Please choose a reason' }),
  description: z
    .string()
    .trim()
    .max(
      MEMBER_REPORT_LIMITS.descriptionMax,
      `Keep the description under ${MEMBER_REPORT_LIMITS.descriptionMax} characters`,
    )
    .default(''),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** Platform-wide mute lengths an admin picks, in hours. */
export const MUTE_CHOICES = [1, 24, 24 * 7, 24 * 30] as const;
export type MuteHours = (typeof MUTE_CHOICES)[number];
export const MUTE_LABELS: Record<MuteHours, string> = {
  1: '1 hour',
  24: '24 hours',
  168: '7 days',
  720: '30 days',
};

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'mute', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions fit an item: only a message can be removed. */
export function actionsFor(kind: ReportTargetKind): ModerationAction[] {
  const removable = kind === 'direct_message' || kind === 'room_message';
  return MODERATION_ACTIONS.filter((a) => a !== 'remove' || removable);
}

export const ACTION_TEXTS: Record<ModerationAction, { label: string; title: string; confirm: string; done: string }> = {
  dismiss: {
    label: 'Dismiss',
    title: 'Dismiss these reports?',
    confirm: 'Nothing happens to the member; the reports leave the queue.',
    done: 'Reports dismissed',
  },
  remove: {
    label: 'Remove message',
    title: 'Remove this message?',
    confirm: 'The message disappears for everyone. The evidence stays in the reports.',
    done: 'Message removed',
  },
  warn: {
    label: 'Warn',
    title: 'Warn this member?',
    confirm: 'The member gets a notification that their behaviour was reported and breaks the rules.',
    done: 'Member warned',
  },
  mute: {
    label: 'Mute',
    title: 'Mute this member everywhere?',
    confirm: 'They cannot send direct or room messages until the mute ends.',
    done: 'Member muted',
  },
  suspend: {
    label: 'Suspend',
    title: 'Suspend this member?',
    confirm: 'They are signed out everywhere and cannot sign in until the suspension ends.',
    done: 'Member suspended',
  },
};

const groupKeySchema = z.object({ targetKind: z.enum(REPORT_TARGET_KINDS), targetId: idSchema });

export const resolveReportsSchema = z.discriminatedUnion('action', [
  groupKeySchema.extend({ action: z.literal('dismiss'), reason: adminReasonSchema }),
  groupKeySchema.extend({ action: z.literal('remove'), reason: adminReasonSchema }),
  groupKeySchema.extend({ action: z.literal('warn'), reason: adminReasonSchema }),
  groupKeySchema.extend({
    action: z.literal('mute'),
    reason: adminReasonSchema,
    hours: z.union(MUTE_CHOICES.map((h) => z.literal(h)) as [z.ZodLiteral<MuteHours>, ...z.ZodLiteral<MuteHours>[]]),
  }),
  groupKeySchema.extend({
    action: z.literal('suspend'),
    reason: adminReasonSchema,
    days: z.union(
      SUSPENSION_CHOICES.map((d) => z.literal(d)) as [z.ZodLiteral<number | null>, ...z.ZodLiteral<number | null>[]],
    ),
  }),
]);
export type ResolveReports = z.infer<typeof resolveReportsSchema>;

export const REPORT_SORTS = ['newest', 'most'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const reportQueueSchema = z.object({
  sort: z.enum(REPORT_SORTS).default('newest'),
});

/** The mute a sender meets, naming until when (an ISO instant, shown in the reader's own time on the web). */
export function mutedMessage(until: Date): string {
  return `You are muted by a moderator until ${until.toUTCString()} and cannot send messages until then.`;
}

export const MEMBER_REPORT_TEXTS = {
  reportAction: 'Report',
  dialogTitle: (kind: ReportTargetKind) => `Report ${REPORT_TARGET_LABELS[kind].toLowerCase()}`,
  dialogDescription: 'Tell the moderators what is wrong. The member you report is not told who reported them.',
  reasonLabel: 'Reason',
  descriptionLabel: 'Description (optional)',
  descriptionPlaceholder: 'What happened?',
  counter: (length: number) => `${length}/${MEMBER_REPORT_LIMITS.descriptionMax}`,
  submit: 'Send report',
  cancel: 'Cancel',
  sent: 'Report sent. Thank you: a moderator will look at it.',
  failed: 'Could not send the report. Please try again.',
  alreadyReported: 'You have already reported this. A moderator will look at it.',
  notFound: 'This is no longer available to report.',
  ownItem: 'You cannot report yourself or what you wrote.',
  tooMany: 'You have sent many reports in the last hour. Please wait before sending more.',
  /** What both parties of a conversation read in place of a message a moderator removed. */
  removedByModerator: 'Message removed by a moderator',
  warnedNotification: 'A moderator warned you: something you posted was reported and breaks the community rules',
  // The admin queue.
  queueTitle: 'Member reports',
  queueDescription: 'Reports of members, messages, reviews and rooms. Open reports only, one card per reported item.',
  queueEmpty: 'No open reports.',
  sortNewest: 'Newest',
  sortMost: 'Most reported',
  sortLabel: 'Sort',
  evidence: 'Evidence',
  reportedMember: 'Reported member',
  reporters: 'Reports',
  reportCount: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  actionReasonLabel: 'Reason (kept in the audit log)',
  muteLengthLabel: 'Mute for',
  suspendLengthLabel: 'Suspend for',
  indefinitely: 'Until lifted',
  confirm: 'Confirm',
  loadFailed: 'Could not load the reports. Please try again.',
  link: 'Member reports',
  evidenceMissing: '(nothing was written)',
  mutedNotice: (until: string) => `You are muted by a moderator until ${until}: you cannot send messages until then.`,
} as const;
