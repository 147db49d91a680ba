import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS } from '../../../domain/feedback';
import { users } from './auth';
import { instant, userRef } from './columns';

const max = (n: number) => sql.raw(String(n));

export const feedbackCategoryEnum = pgEnum('feedback_category', FEEDBACK_CATEGORIES);

/**
 * Feedback to the operators (spec 2 section 3): unresolved until resolved_at and resolved_by are set, with no way
 * back; an admin response may be added at any time and does not resolve it.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    title: text('title').notNull(),
    category: feedbackCategoryEnum('category').notNull(),
    message: text('message').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    adminResponse: text('admin_response'),
    respondedAt: instant('responded_at'),
    respondedBy: text('responded_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A member's history and the admin lists: unresolved first, newest first.
    index('feedback_user_created_idx').on(t.userId, t.createdAt),
    index('feedback_resolved_created_idx').on(t.resolvedAt, t.createdAt),
    check('feedback_title_length', sql`char_length(${t.title}) between 1 and ${max(FEEDBACK_LIMITS.titleMax)}`),
    check('feedback_message_length', sql`char_length(${t.message}) between 1 and ${max(FEEDBACK_LIMITS.messageMax)}`),
    check(
      'feedback_response_length',
      sql`${t.adminResponse} is null or char_length(${t.adminResponse}) between 1 and ${max(FEEDBACK_LIMITS.responseMax)}`,
    ),
  ],
);
