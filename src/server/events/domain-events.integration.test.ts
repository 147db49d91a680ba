import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppEvent, EventOf } from '../contracts/app-events';
import { DISPATCH_LIMITS, dispatchBatch, registerHandlers } from './dispatcher';
import { createDomainEvents, type DomainEvents, type DomainEventsOptions } from './domain-events';
import { defineHandler, defineLiveListener, type AnyEventHandler } from './handlers';
import { inTransaction } from './in-transaction';
import { recordEvents, recordEventSql } from './record-events';
import {
  countingDb,
  countingHandler,
  eventually,
  openEventDatabase,
  recordingLog,
  runsOf,
  type EventDatabase,
} from './testing/event-database';

let database: EventDatabase;
let service: DomainEvents | null = null;

beforeAll(async () => {
  database = await openEventDatabase(inject('databaseTemplate'));
  await database.db.execute(sql`create table listing_changes (id serial primary key, owner text not null)`);
});
afterEach(async () => {
  await service?.stop();
  service = null;
});
afterAll(() => database.dispose());

/** A started service; the poll is long so that only `committed()` or `drain()` makes handlers run, unless asked. */
async function startEvents(options: Partial<DomainEventsOptions> = {}) {
  service = createDomainEvents({ db: database.db, log: recordingLog(), pollMs: 60_000, ...options });
  await service.start();
  return service;
}

const serviceCreated = (serviceId: string): EventOf<'service.created'> => ({
  type: 'service.created',
  actorId: 'user-1',
  serviceId,
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(query);
  return Number(rows[0]!.n);
}

describe('recording events with the change', () => {
  it('an event is recorded and announced if and only if its transaction committed', async () => {
    const heard: AppEvent[] = [];
    const events = await startEvents({
      handlers: [countingHandler('iff.durable', 'service.created')],
      live: [defineLiveListener({ on: 'service.created', publish: (event) => void heard.push(event) })],
    });
    const attempt = inTransaction({ db: database.db, events }, async (tx, emit) => {
      await tx.execute(sql`insert into listing_changes (owner) values ('rolled-back')`);
      emit(serviceCreated('never'));
      throw new Error('the use case refused');
    });
    await expect(attempt).rejects.toThrow('the use case refused');
    await events.drain();
    expect(heard).toEqual([]);
    expect(await count(sql`select count(*) as n from domain_events where payload ->> 'serviceId' = 'never'`)).toBe(0);
    expect(await count(sql`select count(*) as n from listing_changes where owner = 'rolled-back'`)).toBe(0);
    expect(await runsOf(database.db, 'iff.durable')).toEqual([]);

    const result = await inTransaction({ db: database.db, events }, async (tx, emit) => {
      await tx.execute(sql`insert into listing_changes (owner) values ('kept')`);
      emit(serviceCreated('kept'));
      return 'done';
    });
    expect(result).toBe('done');
    // The live listener ran synchronously, right after the commit.
    expect(heard).toEqual([serviceCreated('kept')]);
    expect(await count(sql`select count(*) as n from domain_events where payload ->> 'serviceId' = 'kept'`)).toBe(1);
    // committed() woke the dispatcher: the handler runs without a drain or a poll.
    await eventually(async () => (await runsOf(database.db, 'iff.durable')).length === 1);
  });

  it('any number of events costs one statement, with a delivery per registered handler of each type', async () => {
    await startEvents({
      handlers: [
        countingHandler('one-statement.a', 'service.created'),
        countingHandler('one-statement.b', 'service.created'),
        countingHandler('one-statement.c', 'request.created'),
      ],
    });
    const counting = countingDb(database.pool);
    const events: AppEvent[] = [
      ...Array.from({ length: 40 }, (_, i) => serviceCreated(`bulk-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => ({ type: 'request.created' as const, actorId: 'u', requestId: `r${i}` })),
      { type: 'avatar.set', userId: 'nobody-listens' },
    ];
    await counting.db.transaction(async (tx) => {
      counting.reset();
      await recordEvents(tx, events);
      expect(counting.count()).toBe(1);
    });
    const { rows } = await database.db.execute<{ type: string; deliveries: number }>(sql`
      select e.type, count(d.handler)::int as deliveries from domain_events e
      left join event_deliveries d on d.event_id = e.id
      where e.payload ->> 'serviceId' like 'bulk-%' or e.payload ->> 'requestId' like 'r%'
        or e.payload ->> 'userId' = 'nobody-listens'
      group by e.type order by e.type`);
    expect(rows).toEqual([
      { type: 'avatar.set', deliveries: 0 },
      { type: 'request.created', deliveries: 10 },
      { type: 'service.created', deliveries: 80 },
    ]);
  });

  it('recordEventSql records inside a one-statement use case, and records nothing when its rows are empty', async () => {
    await startEvents({ handlers: [countingHandler('in-cte.handler', 'service.created')] });
    const counting = countingDb(database.pool);
    const insertListing = (owner: string, allowed: boolean) =>
      counting.db.execute<{ id: number }>(sql`
        with allowed as (select 1 where ${allowed}),
        t as (insert into listing_changes (owner) select ${owner} from allowed returning id, owner),
        ${recordEventSql('service.created', { actorId: sql`t.owner`, serviceId: sql`t.id::text` }, { from: sql`t` })}
        select id from t`);
    counting.reset();
    const { rows } = await insertListing('cte-owner', true);
    expect(counting.count()).toBe(1);
    const { rows: stored } = await database.db.execute<{ type: string; payload: unknown; deliveries: number }>(sql`
      select e.type, e.payload, (select count(*)::int from event_deliveries d where d.event_id = e.id) as deliveries
      from domain_events e where e.payload ->> 'actorId' = 'cte-owner'`);
    expect(stored).toEqual([
      { type: 'service.created', payload: { actorId: 'cte-owner', serviceId: String(rows[0]!.id) }, deliveries: 1 },
    ]);

    expect((await insertListing('refused-owner', false)).rows).toEqual([]);
    expect(
      await count(sql`select count(*) as n from domain_events where payload ->> 'actorId' = 'refused-owner'`),
    ).toBe(0);
  });

  it('nested payloads (participants) and plain values go through recordEventSql as JSON', async () => {
    await startEvents();
    await database.db.execute(sql`
      with m as (select 'msg-1'::text as id, 'client-1'::text as client),
      ${recordEventSql(
        'message.sent',
        {
          actorId: sql`m.client`,
          conversationId: 'conv-1',
          messageId: sql`m.id`,
          participants: { clientId: sql`m.client`, providerId: 'provider-1' },
          message: null,
          state: null,
        },
        { from: sql`m` },
      )}
      select 1`);
    const { rows } = await database.db.execute<{ payload: unknown }>(
      sql`select payload from domain_events where type = 'message.sent' and payload ->> 'messageId' = 'msg-1'`,
    );
    expect(rows).toEqual([
      {
        payload: {
          actorId: 'client-1',
          conversationId: 'conv-1',
          messageId: 'msg-1',
          participants: { clientId: 'client-1', providerId: 'provider-1' },
          message: null,
          state: null,
        },
      },
    ]);
  });
});

describe('running handlers', () => {
  it('runs each (event, handler) exactly once: two handlers on one event each run once', async () => {
    const events = await startEvents({
      handlers: [countingHandler('once.first', 'request.created'), countingHandler('once.second', 'request.created')],
      limits: { batchSize: 3 },
    });
    const emitted = Array.from({ length: 10 }, (_, i) => ({
      type: 'request.created' as const,
      actorId: 'u',
      requestId: `once-${i}`,
    }));
    await inTransaction({ db: database.db, events }, async (_tx, emit) => emitted.forEach(emit));
    // Woken by the commit, drained meanwhile, and polled: none of it may run a delivery twice.
    await Promise.all([events.drain(), events.drain()]);
    const first = await runsOf(database.db, 'once.first');
    const second = await runsOf(database.db, 'once.second');
    expect(first).toHaveLength(10);
    expect(new Set(first.map((r) => r.event_id)).size).toBe(10);
    expect(second.map((r) => r.event_id)).toEqual(first.map((r) => r.event_id));
    expect(await count(sql`select count(*) as n from event_deliveries where handler like 'once.%'`)).toBe(0);
  });

  it('retries a failing handler with growing waits, keeps the change, and the other handler is unaffected', async () => {
    const attemptsAt: number[] = [];
    const flaky = defineHandler({
      name: 'retry.flaky',
      on: 'profile.updated',
      async handle({ tx, eventId, attempt }) {
        attemptsAt.push(Date.now());
        // Its write is undone with its failure: only the successful run's row stays.
        await tx.execute(sql`insert into handler_runs (event_id, handler) values (${eventId}, 'retry.flaky')`);
        if (attempt < 3) throw new Error(`flaky failure ${attempt}`);
      },
    });
    const log = recordingLog();
    const events = await startEvents({
      handlers: [flaky as AnyEventHandler, countingHandler('retry.steady', 'profile.updated')],
      limits: { backoffBaseMs: 400 },
      log,
    });
    await inTransaction({ db: database.db, events }, async (tx, emit) => {
      await tx.execute(sql`insert into listing_changes (owner) values ('retry-change')`);
      emit({ type: 'profile.updated', userId: 'retry-user' });
    });
    await eventually(async () => {
      const { rows } = await database.db.execute<{ attempts: number }>(
        sql`select attempts from event_deliveries where handler = 'retry.flaky'`,
      );
      return rows[0]?.attempts === 1;
    });
    const { rows } = await database.db.execute<{ attempts: number; last_error: string; parked_at: unknown }>(
      sql`select attempts, last_error, parked_at from event_deliveries where handler = 'retry.flaky'`,
    );
    expect(rows[0]).toMatchObject({ attempts: 1, parked_at: null });
    expect(rows[0]!.last_error).toContain('flaky failure 1');
    expect(await runsOf(database.db, 'retry.steady')).toHaveLength(1);
    expect(await count(sql`select count(*) as n from listing_changes where owner = 'retry-change'`)).toBe(1);

    await eventually(async () => (await runsOf(database.db, 'retry.flaky')).length === 1);
    expect(attemptsAt).toHaveLength(3);
    // 400 ms after the first failure, 800 ms after the second (the database's clock decides, to the millisecond).
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(390);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(790);
    expect(await runsOf(database.db, 'retry.steady')).toHaveLength(1);
    expect(await count(sql`select count(*) as n from event_deliveries where handler like 'retry.%'`)).toBe(0);
    expect(log.warnings).toEqual(['event handler failed: will retry', 'event handler failed: will retry']);
  });

  it('parks a delivery after the last allowed failure, with its error, and never runs it again', async () => {
    let runs = 0;
    const broken = defineHandler({
      name: 'park.broken',
      on: 'avatar.set',
      async handle() {
        runs += 1;
        throw new Error('x'.repeat(10_000));
      },
    });
    const log = recordingLog();
    const events = await startEvents({
      handlers: [broken as AnyEventHandler],
      limits: { maxAttempts: 3, backoffBaseMs: 20 },
      pollMs: 50,
      log,
    });
    await inTransaction({ db: database.db, events }, async (_tx, emit) => emit({ type: 'avatar.set', userId: 'p' }));
    await eventually(async () => runs === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toBe(3);
    const { rows } = await database.db.execute<{ attempts: number; error_length: number; parked: boolean }>(sql`
      select attempts, length(last_error) as error_length, parked_at is not null as parked
      from event_deliveries where handler = 'park.broken'`);
    expect(rows).toEqual([{ attempts: 3, error_length: 2000, parked: true }]);
    expect(log.errors).toEqual(['event handler failed for the last time: delivery parked']);
  });

  it('stop() waits for the batch in progress to commit', async () => {
    let finished = false;
    const slow = defineHandler({
      name: 'stop.slow',
      on: 'user.signed-up',
      async handle({ tx, eventId }) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`insert into handler_runs (event_id, handler) values (${eventId}, 'stop.slow')`);
        finished = true;
      },
    });
    const events = await startEvents({ handlers: [slow as AnyEventHandler] });
    await inTransaction({ db: database.db, events }, async (_tx, emit) =>
      emit({ type: 'user.signed-up', userId: 'slow' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await events.stop();
    expect(finished).toBe(true);
    expect(await runsOf(database.db, 'stop.slow')).toHaveLength(1);
    expect(await count(sql`select count(*) as n from event_deliveries where handler = 'stop.slow'`)).toBe(0);
  });

  it('a live listener that throws is logged; the commit and the other listeners stand', async () => {
    const heard: string[] = [];
    const log = recordingLog();
    const events = await startEvents({
      log,
      live: [
        defineLiveListener({
          on: 'user.signed-in',
          publish: () => {
            throw new Error('socket gone');
          },
        }),
        defineLiveListener({ on: 'user.signed-in', publish: (event) => void heard.push(event.userId) }),
      ],
    });
    await inTransaction({ db: database.db, events }, async (_tx, emit) =>
      emit({ type: 'user.signed-in', userId: 'live-1' }),
    );
    expect(heard).toEqual(['live-1']);
    expect(log.errors).toEqual(['live event listener failed']);
    expect(await count(sql`select count(*) as n from domain_events where payload ->> 'userId' = 'live-1'`)).toBe(1);
  });
});

describe('sharing the database with requests', () => {
  it('a batch commits after the delivery in hand when requests wait for a connection, and leaves the rest due', async () => {
    const handlers = [countingHandler('yield.counted', 'request.created')];
    await registerHandlers(database.db, handlers);
    const byName = new Map(handlers.map((h) => [h.name, h]));
    await recordEvents(
      database.db,
      ['y1', 'y2', 'y3'].map((requestId) => ({ type: 'request.created', actorId: 'u', requestId }) as const),
    );
    const waiting = () => true;
    const first = await dispatchBatch(database.db, byName, DISPATCH_LIMITS, recordingLog(), waiting);
    expect(first).toMatchObject({ claimed: 3, leftOver: 2 });
    expect(await runsOf(database.db, 'yield.counted')).toHaveLength(1);
    // The ones left are still due: the next batches take them, one each while requests keep waiting.
    expect(await dispatchBatch(database.db, byName, DISPATCH_LIMITS, recordingLog(), waiting)).toMatchObject({
      claimed: 2,
      leftOver: 1,
    });
    expect(await dispatchBatch(database.db, byName, DISPATCH_LIMITS, recordingLog())).toMatchObject({
      claimed: 1,
      leftOver: 0,
    });
    expect(await runsOf(database.db, 'yield.counted')).toHaveLength(3);
  });
});

describe('retention', () => {
  it('prunes old events whose deliveries are done, parked or orphaned, and keeps those still due', async () => {
    // Registered but not started: the pending delivery stays pending.
    const handlers = [countingHandler('prune.pending', 'portfolio.item-added')];
    await registerHandlers(database.db, handlers);
    const events = createDomainEvents({ db: database.db, handlers, log: recordingLog() });
    await recordEvents(database.db, [
      { type: 'portfolio.item-added', actorId: 'u', itemId: 'prune-pending' },
      { type: 'portfolio.item-removed', actorId: 'u', itemId: 'prune-done' },
      { type: 'portfolio.item-updated', actorId: 'u', itemId: 'prune-recent' },
    ]);
    // Ids follow time: everything up to these two is made old, as it would be after 8 days.
    await database.db.execute(sql`
      update domain_events set occurred_at = now() - interval '8 days'
      where id <= (select id from domain_events where payload ->> 'itemId' = 'prune-done')`);
    await events.prune();
    const { rows } = await database.db.execute<{ item: string }>(
      sql`select payload ->> 'itemId' as item from domain_events where payload ->> 'itemId' like 'prune-%' order by 1`,
    );
    expect(rows.map((r) => r.item)).toEqual(['prune-pending', 'prune-recent']);
  });
});
