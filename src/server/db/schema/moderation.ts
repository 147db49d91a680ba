import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import { POLL_LIMITS, POLL_OUTCOMES, POLL_TYPES, POLL_VOTES } from '../../../domain/polls';
import { users } from './auth';
import { instant, userKey, userRef } from './columns';
import { services } from './services';

const max = (n: number) => sql.raw(String(n));

export const pollTypeEnum = pgEnum('poll_type', POLL_TYPES);
export const pollVoteEnum = pgEnum('poll_vote', POLL_VOTES);
export const pollOutcomeEnum = pgEnum('poll_outcome', POLL_OUTCOMES);

/**
 * Community polls (spec 2 section 3's service_deletion_polls): about removing a service or banning a user, active
 * until expires_at (7 days). At most one active poll per service and per user it targets (the partial unique keys).
 * When it ends, `outcome` records what it came to and `closed_at` when.
 */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollType: pollTypeEnum('poll_type').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    initiatedBy: text('initiated_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
    outcome: pollOutcomeEnum('outcome'),
    /** When an admin acted on a passed poll (deleted or restored the service, suspended or cleared the user). */
    reviewedAt: instant('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('polls_active_service_key')
      .on(t.serviceId)
      .where(sql`${t.isActive} and ${t.serviceId} is not null`),
    uniqueIndex('polls_active_target_user_key')
      .on(t.targetUserId)
      .where(sql`${t.isActive} and ${t.pollType} = 'user_ban'`),
    index('polls_active_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.isActive}`),
    check('polls_title_length', sql`char_length(${t.title}) between 1 and ${max(POLL_LIMITS.titleMax)}`),
    check(
      'polls_description_length',
      sql`char_length(${t.description}) between 1 and ${max(POLL_LIMITS.descriptionMax)}`,
    ),
    // The dashboard's "passed, awaiting an admin" list.
    index('polls_passed_unreviewed_idx')
      .on(t.closedAt)
      .where(sql`${t.outcome} = 'passed' and ${t.reviewedAt} is null`),
    check(
      'polls_subject',
      sql`(${t.pollType} = 'service_deletion' and ${t.serviceId} is not null) or (${t.pollType} = 'user_ban' and ${t.targetUserId} is not null)`,
    ),
  ],
);

/** One vote per member per poll: the primary key refuses a second, even two at once (spec 2 section 4). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: userRef(),
    vote: pollVoteEnum('vote').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

/**
 * A member an admin suspended: one row while it lasts, gone when lifted; the audit log keeps the
 * history. `until` null is indefinite. A row whose `until` has passed no longer counts (no sweep needed).
 */
export const userSuspensions = pgTable(
  'user_suspensions',
  {
    userId: userKey(),
    until: instant('until'),
    reason: text('reason').notNull(),
    suspendedBy: text('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'user_suspensions_reason_length',
      sql`char_length(${t.reason}) between 1 and ${max(ADMIN_USER_LIMITS.reasonMax)}`,
    ),
  ],
);
