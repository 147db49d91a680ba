import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { instant, userRef } from './columns';

/** A browser that allowed push for a member (one per device and browser): gone with the account, or when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** The session that allowed it: the device stops receiving when that session ends (sign-out, reset, suspension). */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    check(
      'push_subscriptions_sizes',
      sql`char_length(${t.endpoint}) <= 2048 and char_length(${t.p256dh}) <= 200 and char_length(${t.auth}) <= 100`,
    ),
  ],
);

/** What a push says: shown by the service worker as a system notification that opens `url` on the site. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on the site. */
  url: string;
  /** One notification per tag on the device: a newer one replaces it (a conversation's messages). */
  tag: string;
}

/** Pushes waiting to leave, written in the transaction that decided them and sent after it (src/server/push/push-sender.ts). */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    check('push_outbox_payload_size', sql`octet_length(${t.payload}::text) <= 3000`),
  ],
);
