import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instant } from './columns';
import type { EmailContent } from '../../mail/email-content';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Email waiting to leave, written in the transaction of what caused it (so it exists if and only if that commits) and
 * sent after the commit by the mail sender (src/server/mail/mail-sender.ts), retried with backoff. A row keeps what
 * the message says as it was when it happened.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member it is for, when it is for one: their mail goes with their account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** What it says, its links as paths on the site: the sender renders it with PUBLIC_URL (compose-email.tsx). */
    content: jsonb('content').$type<EmailContent>().notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    check('mail_outbox_to_length', sql`char_length(${t.toAddress}) <= 320`),
    check('mail_outbox_subject_length', sql`char_length(${t.subject}) <= 300`),
    check('mail_outbox_content_size', sql`octet_length(${t.content}::text) <= 100000`),
  ],
);
