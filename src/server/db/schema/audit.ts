import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Security-relevant things that happened, kept for support and admins: refused attempts (a date of birth moved
 * across 18), admin bootstrap and role changes. Not a foreign key: a record outlives the account it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What happened, dotted: `date-of-birth.change-refused`, `admin.bootstrapped`, `admin.role-removed`. */
    action: text('action').notNull(),
    /** Who did it; null for the server itself (start-up). */
    actorId: text('actor_id'),
    /** Whom or what it concerns. */
    subjectId: text('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_subject_created_idx').on(t.subjectId, t.createdAt),
    // /admin/audit: newest first, optionally by action or by actor.
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_action_created_idx').on(t.action, t.createdAt),
    index('audit_events_actor_created_idx').on(t.actorId, t.createdAt),
  ],
);
