import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { domainEvents, eventDeliveries, eventHandlers } from '../db/schema/events';
import type { AppEvent } from '../contracts/app-events';
import { MAX_EVENTS_PER_TRANSACTION, recordEvents } from './record-events';
import type { AnyEventHandler, EventHandler } from './handlers';

export interface DispatchLimits {
  /** Deliveries claimed and run in one transaction: short, since on PGlite it holds the only connection. */
  batchSize: number;
  /** After this many failed runs a delivery is parked with its last error and never retried by itself. */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each next one, up to backoffCapMs. */
  backoffBaseMs: number;
  backoffCapMs: number;
}

export const DISPATCH_LIMITS: DispatchLimits = {
  batchSize: 20,
  maxAttempts: 10,
  // 2 s, 4 s, 8 s, ... 10 min: about 25 minutes from the first failure to parking.
  backoffBaseMs: 2_000,
  backoffCapMs: 10 * 60_000,
};

/** What is kept of a failure's message (with its stack) in last_error. */
export const LAST_ERROR_MAX = 2_000;

export interface DispatchLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface BatchResult {
  claimed: number;
  /** Deliveries claimed but left for the next batch, because requests were waiting for the database. */
  leftOver: number;
  /** The soonest retry this batch scheduled, if any. */
  retryInMs: number | null;
  /** What the handlers that succeeded emitted (HandlerContext.emit): committed with the batch, for the live listeners. */
  emitted: AppEvent[];
}

export function backoffMs(attempts: number, { backoffBaseMs, backoffCapMs }: DispatchLimits): number {
  return Math.min(backoffBaseMs * 2 ** Math.max(0, attempts - 1), backoffCapMs);
}

/**
 * Makes `event_handlers` this server's registry: the handlers a recorded event gets deliveries for. A handler
 * removed from the code stops getting new deliveries (and its pending ones are pruned with their events).
 */
export async function registerHandlers(db: Db, handlers: readonly AnyEventHandler[]): Promise<void> {
  const rows = JSON.stringify(handlers.map((h) => ({ name: h.name, event_type: h.on })));
  await db.execute(sql`
    with mine as (select * from jsonb_to_recordset(${rows}::jsonb) as x(name text, event_type text)),
    removed as (delete from ${eventHandlers} where name not in (select name from mine))
    insert into ${eventHandlers} (name, event_type) select name, event_type from mine
    on conflict (name) do update set event_type = excluded.event_type`);
}

interface ClaimedDelivery extends Record<string, unknown> {
  event_id: string;
  handler: string;
  attempts: number;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Claims up to batchSize due deliveries of this server's handlers and runs each inside the transaction that deletes
 * it, so its effect and "done" commit together. `skip locked` lets several servers share the table without ever
 * claiming the same delivery; a crash anywhere before the commit leaves the deliveries as they were. Each handler
 * runs in a savepoint: a failure undoes its own writes only, and its delivery is retried later or parked.
 */
export async function dispatchBatch(
  db: Db,
  handlers: ReadonlyMap<string, AnyEventHandler>,
  limits: DispatchLimits,
  log: DispatchLog,
  /**
   * Whether requests are waiting for a database connection: then the batch commits after the delivery in hand and
   * leaves the rest for the next one, which queues behind them. On the embedded database the batch holds the only
   * connection, and a chat message sent meanwhile waited for the whole batch (bench/messaging: paced p99 from 6 ms
   * without progression's handlers to 170 ms with them).
   */
  othersWaiting: () => boolean = () => false,
): Promise<BatchResult> {
  if (handlers.size === 0) return { claimed: 0, leftOver: 0, retryInMs: null, emitted: [] };
  const names = JSON.stringify([...handlers.keys()]);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedDelivery>(sql`
      select d.event_id, d.handler, d.attempts, e.type, e.payload
      from ${eventDeliveries} d join ${domainEvents} e on e.id = d.event_id
      where d.parked_at is null and d.run_after <= now()
        and d.handler in (select jsonb_array_elements_text(${names}::jsonb))
      order by d.run_after, d.event_id
      limit ${limits.batchSize}
      for update of d skip locked`);
    const done: { event_id: string; handler: string }[] = [];
    const emitted: AppEvent[] = [];
    let retryInMs: number | null = null;
    let handled = 0;
    for (const row of rows) {
      if (handled > 0 && othersWaiting()) break;
      handled++;
      const handler = handlers.get(row.handler) as EventHandler | undefined;
      const event = { ...row.payload, type: row.type } as AppEvent;
      if (!handler || handler.on !== event.type) {
        // The handler now listens to another type: this delivery was made for its old one.
        log.warn({ eventId: row.event_id, handler: row.handler, type: row.type }, 'event delivery dropped');
        done.push({ event_id: row.event_id, handler: row.handler });
        continue;
      }
      const attempt = row.attempts + 1;
      const own: AppEvent[] = [];
      let open = true;
      const emit = (emittedEvent: AppEvent) => {
        // As inTransaction's: an emit after the handler returned (a forgotten await) would be lost silently.
        if (!open) throw new Error(`${emittedEvent.type} emitted after its handler ended`);
        if (own.length >= MAX_EVENTS_PER_TRANSACTION) {
          throw new Error(`More than ${MAX_EVENTS_PER_TRANSACTION} events from one handler run`);
        }
        own.push(emittedEvent);
      };
      try {
        await tx.transaction(async (savepoint) => {
          try {
            await handler.handle({ tx: savepoint, eventId: Number(row.event_id), attempt, emit }, event);
          } finally {
            open = false;
          }
          // In the savepoint: a failing handler records nothing, and what it emitted is never announced.
          await recordEvents(savepoint, own);
        });
        emitted.push(...own);
        done.push({ event_id: row.event_id, handler: row.handler });
      } catch (error) {
        const parked = attempt >= limits.maxAttempts;
        const delay = backoffMs(attempt, limits);
        const details = { eventId: row.event_id, handler: row.handler, type: row.type, attempt, err: error };
        if (parked) log.error(details, 'event handler failed for the last time: delivery parked');
        else log.warn(details, 'event handler failed: will retry');
        await tx.execute(sql`
          update ${eventDeliveries}
          set attempts = ${attempt},
              last_error = ${errorText(error)},
              run_after = now() + make_interval(secs => ${delay / 1000}),
              parked_at = ${parked ? sql`now()` : sql`null`}
          where event_id = ${row.event_id} and handler = ${row.handler}`);
        if (!parked) retryInMs = Math.min(retryInMs ?? delay, delay);
      }
    }
    if (done.length > 0) {
      await tx.execute(sql`
        delete from ${eventDeliveries} d
        using jsonb_to_recordset(${JSON.stringify(done)}::jsonb) as x(event_id bigint, handler text)
        where d.event_id = x.event_id and d.handler = x.handler`);
    }
    return { claimed: rows.length, leftOver: rows.length - handled, retryInMs, emitted };
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  // PostgreSQL text cannot hold U+0000.
  return text.replaceAll('\u0000', '').slice(0, LAST_ERROR_MAX);
}

/** Events deleted per statement, so pruning a large backlog never holds the embedded database for long. */
export const PRUNE_CHUNK = 5_000;
/** Statements per pruning run; the rest waits for the next run. */
const PRUNE_CHUNKS_PER_RUN = 20;

/**
 * Deletes events older than the retention whose deliveries are all done, parked, or of handlers no longer
 * registered (their deliveries go with them). Walks the primary key from the oldest event and stops at the first
 * one inside the retention, so it reads only what it may delete and needs no index on occurred_at.
 */
export async function pruneEvents(db: Db, retentionMs: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < PRUNE_CHUNKS_PER_RUN; i += 1) {
    const { rows } = await db.execute<{ id: string }>(sql`
      with bound as (
        select coalesce(
          (select id from ${domainEvents}
           where occurred_at >= now() - make_interval(secs => ${retentionMs / 1000}) order by id limit 1),
          (select max(id) + 1 from ${domainEvents})) as id
      )
      delete from ${domainEvents} where id in (
        select e.id from ${domainEvents} e
        where e.id < (select id from bound)
          and not exists (
            select 1 from ${eventDeliveries} d join ${eventHandlers} h on h.name = d.handler
            where d.event_id = e.id and d.parked_at is null)
        order by e.id
        limit ${PRUNE_CHUNK})
      returning id`);
    total += rows.length;
    if (rows.length < PRUNE_CHUNK) break;
  }
  return total;
}
