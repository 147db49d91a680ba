import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import {
  MEMBER_REPORT_LIMITS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  type ModerationAction,
  type ReportEvidence,
  type ReportReason,
  type ReportStatus,
  type ReportTargetKind,
} from '../../../domain/member-reports';
import { users } from './auth';
import { instant, userKey } from './columns';

const max = (n: number) => sql.raw(String(n));
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A member's report of another member or of something they wrote (domain/member-reports.ts). One OPEN report per
 * reporter and item (the partial unique key); a moderator's action settles the item's open reports at once.
 */
export const memberReports = pgTable(
  'member_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the reporter's account is gone: the report still stands. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetKind: text('target_kind').$type<ReportTargetKind>().notNull(),
    targetId: text('target_id').notNull(),
    reportedUserId: text('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    description: text('description').notNull().default(''),
    evidence: jsonb('evidence').$type<ReportEvidence>().notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolutionAction: text('resolution_action').$type<ModerationAction>(),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_reports_open_key')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('member_reports_open_target_idx')
      .on(t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('member_reports_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('member_reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    check('member_reports_target_kind', sql`${t.targetKind} in (${oneOf(REPORT_TARGET_KINDS)})`),
    check('member_reports_reason', sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
    check('member_reports_status', sql`${t.status} in (${oneOf(REPORT_STATUSES)})`),
    check(
      'member_reports_description_length',
      sql`char_length(${t.description}) <= ${max(MEMBER_REPORT_LIMITS.descriptionMax)}`,
    ),
  ],
);

/**
 * A member a moderator muted platform-wide: no direct or room message until `until`. One row per member; a row whose
 * `until` has passed no longer counts (no sweep needed), and muting again replaces it.
 */
export const memberMutes = pgTable(
  'member_mutes',
  {
    userId: userKey(),
    until: instant('until').notNull(),
    reason: text('reason').notNull(),
    mutedBy: text('muted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'member_mutes_reason_length',
      sql`char_length(${t.reason}) between 1 and ${max(ADMIN_USER_LIMITS.reasonMax)}`,
    ),
  ],
);
