import { sql, SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { domainEvents, eventDeliveries, eventHandlers } from '../db/schema/events';
import type { AppEvent, AppEventType, PayloadOf } from '../contracts/app-events';

/** More than any use case emits; a loop gone wrong fails here instead of writing without end. */
export const MAX_EVENTS_PER_TRANSACTION = 1000;

/**
 * Writes the events and one delivery per registered durable handler of each event's type, in ONE statement whatever
 * the number of events, inside the caller's transaction: the events exist if and only if the change commits.
 * The handlers come from `event_handlers`, which each server fills from its registry at start.
 */
/**
 * What people wrote stays in its own table only: the outbox keeps ids, kinds and counts but not words or names (a
 * second copy of minors' private words for 7 days, in every backup, and after their account is gone). The live
 * listeners get the whole event; a durable handler that needs the words reads the row by id.
 */
const WORDS = ['title', 'message', 'adminResponse', 'authorFirstName', 'authorLastName'] as const;
const PRIVATE_FIELDS: Partial<Record<AppEventType, Record<string, readonly string[]>>> = {
  'feedback.submitted': { item: WORDS },
  'feedback.responded': { item: WORDS },
  'feedback.resolved': { item: WORDS },
  'report.submitted': { report: ['description', 'reporterName'] },
  // A ban poll's title and subject name a member; its description is an admin's reason.
  'poll.created': { poll: ['title', 'description', 'subjectName'] },
  // A portfolio item and a profile travel whole to the owner's screens, but their words and names stay out of the log.
  'portfolio.item-added': { item: ['title', 'description', 'imageUrl', 'projectUrl'] },
  'portfolio.item-updated': { item: ['title', 'description', 'imageUrl', 'projectUrl'] },
  'profile.updated': { profile: ['firstName', 'lastName', 'bio', 'school', 'avatarUrl'] },
  'avatar.set': { profile: ['firstName', 'lastName', 'bio', 'school', 'avatarUrl'] },
  // An item names people and titles (a feedback's); its handlers read the stored notification by id.
  'notification.changed': { item: ['payload'] },
};

function blanked(value: unknown, fields: readonly string[]): unknown {
  if (!value || typeof value !== 'object') return value;
  return { ...value, ...Object.fromEntries(fields.filter((f) => f in value).map((f) => [f, null])) };
}

function withoutWords(type: AppEventType, payload: object): object {
  let kept: Record<string, unknown> = { ...payload };
  for (const [key, fields] of Object.entries(PRIVATE_FIELDS[type] ?? {})) kept[key] = blanked(kept[key], fields);
  const message = kept.message as { text?: unknown; content?: unknown } | null | undefined;
  if (message && typeof message === 'object') {
    // A direct message's words are `text`, a room message's `content`.
    kept = { ...kept, message: blanked(message, ['text', 'content']) };
  }
  return kept;
}

export async function recordEvents(tx: Tx | Db, events: readonly AppEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length > MAX_EVENTS_PER_TRANSACTION) {
    throw new Error(`${events.length} events in one transaction (at most ${MAX_EVENTS_PER_TRANSACTION})`);
  }
  const rows = JSON.stringify(events.map(({ type, ...payload }) => ({ type, payload: withoutWords(type, payload) })));
  await tx.execute(sql`
    with recorded as (
      insert into ${domainEvents} (type, payload)
      select r.e ->> 'type', r.e -> 'payload'
      from jsonb_array_elements(${rows}::jsonb) with ordinality as r(e, ord)
      order by r.ord
      returning id, type
    )
    insert into ${eventDeliveries} (event_id, handler)
    select recorded.id, h.name from recorded join ${eventHandlers} h on h.event_type = recorded.type`);
}

/** A payload written as SQL: each field an SQL expression (a column of a CTE) or a plain value. */
export type SqlPayload<P> = {
  [K in keyof P]: SQL | P[K] | (P[K] extends Record<string, unknown> ? SqlPayload<P[K]> : never);
};

/**
 * The same write as `recordEvents`, as two CTEs to put inside a caller's `with ... ` statement, for use cases that do
 * their whole work in one statement (send-message.ts). One event per row of `from`; no row, no event, so an access
 * check in an earlier CTE also decides whether the event exists.
 *
 *   with m as (insert into messages ... returning id, conversation_id), ${recordEventSql('message.sent', {
 *     messageId: sql`m.id`, ... }, { from: sql`m` })}
 *   select ... from m
 *
 * `name` names the CTEs (`name` and `name_deliveries`) when one statement records several events.
 */
export function recordEventSql<T extends AppEventType>(
  type: T,
  payload: SqlPayload<PayloadOf<T>>,
  { from, name = 'recorded_event' }: { from?: SQL; name?: string } = {},
): SQL {
  const event = sql.identifier(name);
  return sql`${event} as (
      insert into ${domainEvents} (type, payload)
      select ${type}::text, ${jsonbObject(payload as Record<string, unknown>)}${from ? sql` from ${from}` : sql``}
      returning id, type
    ), ${sql.identifier(`${name}_deliveries`)} as (
      insert into ${eventDeliveries} (event_id, handler)
      select e.id, h.name from ${event} e join ${eventHandlers} h on h.event_type = e.type
    )`;
}

function jsonbObject(fields: Record<string, unknown>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => sql`${key}::text, ${jsonbValue(value)}`);
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

function jsonbValue(value: unknown): SQL {
  if (value instanceof SQL) return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    // A nested object of expressions (participants) or of plain values alike.
    const fields = value as Record<string, unknown>;
    if (Object.values(fields).some((v) => v instanceof SQL)) return jsonbObject(fields);
  }
  return sql`${JSON.stringify(value)}::jsonb`;
}
