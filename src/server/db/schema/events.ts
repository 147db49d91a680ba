import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox (docs/decisions/004-domain-events-outbox.md): what happened, written in the transaction of the change
 * that caused it, so an event exists if and only if its change committed. Kept for a retention period, then pruned.
 */
export const domainEvents = pgTable('domain_events', {
  // Identity, not uuid: ids come in commit-ish order, and pruning walks the primary key from the oldest.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** An AppEvent type (src/server/events/app-events.ts), e.g. `message.sent`. */
  type: text('type').notNull(),
  /** The event without its type: plain JSON. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable handlers the servers run, mirrored from the code's registry (src/server/wiring.ts) when a server starts:
 * recording an event joins this table to write one delivery per handler in the same statement.
 */
export const eventHandlers = pgTable('event_handlers', {
  /** The handler's stable name, as stored in deliveries. */
  name: text('name').primaryKey(),
  eventType: text('event_type').notNull(),
});

/**
 * One handler's pending run of one event. Deleted in the transaction that runs the handler, so its effect and
 * "done" commit together; a failure leaves it with a later run_after, and after the last attempt it is parked.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    /** Failed runs so far. */
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, cut to a bounded length. */
    lastError: text('last_error'),
    /** Set when the last attempt failed: never run again by itself. */
    parkedAt: timestamp('parked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.handler] }),
    index('event_deliveries_due_idx')
      .on(t.runAfter)
      .where(sql`${t.parkedAt} is null`),
  ],
);
