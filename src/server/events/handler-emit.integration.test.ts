import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppEvent } from '../contracts/app-events';
import { createDomainEvents, type DomainEvents, type DomainEventsOptions } from './domain-events';
import { defineHandler, defineLiveListener, type AnyEventHandler } from './handlers';
import { recordEvents } from './record-events';
import { countingHandler, openEventDatabase, recordingLog, runsOf, type EventDatabase } from './testing/event-database';

/**
 * HandlerContext.emit: what a durable handler emits is recorded with its own writes and goes live only after its
 * batch commits (a badge's celebration must never announce an award that rolled back).
 */
let database: EventDatabase;
let service: DomainEvents | null = null;

beforeAll(async () => {
  database = await openEventDatabase(inject('databaseTemplate'));
});
afterEach(async () => {
  await service?.stop();
  service = null;
});
afterAll(() => database.dispose());

async function startEvents(options: Partial<DomainEventsOptions>) {
  service = createDomainEvents({ db: database.db, log: recordingLog(), pollMs: 60_000, ...options });
  await service.start();
  return service;
}

const created = (serviceId: string): AppEvent => ({ type: 'service.created', actorId: 'user-1', serviceId });

async function recordedStreaks(userId: string): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from domain_events where type = 'progression.streak' and payload ->> 'userId' = ${userId}`);
  return rows[0]!.n;
}

describe('a durable handler emitting events', () => {
  it('records them in its transaction and announces them once, after the batch commits', async () => {
    const heard: AppEvent[] = [];
    const emitter = defineHandler({
      name: 'emit.ok',
      on: 'service.created',
      async handle({ emit }, event) {
        emit({ type: 'progression.streak', userId: `u-${event.serviceId}`, streak: 3 });
      },
    });
    const events = await startEvents({
      handlers: [emitter as AnyEventHandler],
      live: [
        defineLiveListener({
          on: 'progression.streak',
          publish: (event) => void heard.push(event),
        }),
      ],
    });
    await recordEvents(database.db, [created('a')]);
    await events.drain();
    expect(heard).toEqual([{ type: 'progression.streak', userId: 'u-a', streak: 3 }]);
    expect(await recordedStreaks('u-a')).toBe(1);
    // Nothing left to deliver: another drain announces nothing again.
    await events.drain();
    expect(heard).toHaveLength(1);
  });

  it('a handler that fails after emitting records and announces nothing, and its retry emits once', async () => {
    const heard: AppEvent[] = [];
    let runs = 0;
    const flaky = defineHandler({
      name: 'emit.flaky',
      on: 'service.created',
      async handle({ emit }, event) {
        runs += 1;
        emit({ type: 'progression.streak', userId: `u-${event.serviceId}`, streak: runs });
        if (runs === 1) throw new Error('failed after emitting');
      },
    });
    const events = await startEvents({
      handlers: [flaky as AnyEventHandler],
      live: [defineLiveListener({ on: 'progression.streak', publish: (event) => void heard.push(event) })],
      // The retry waits until the test makes it due (below), so the first drain runs the handler once.
      limits: { backoffBaseMs: 60_000, backoffCapMs: 60_000 },
    });
    await recordEvents(database.db, [created('b')]);
    await events.drain();
    expect(runs).toBe(1);
    expect(heard).toEqual([]);
    expect(await recordedStreaks('u-b')).toBe(0);

    await database.db.execute(sql`update event_deliveries set run_after = now() where handler = 'emit.flaky'`);
    await events.drain();
    expect(runs).toBe(2);
    expect(heard).toEqual([{ type: 'progression.streak', userId: 'u-b', streak: 2 }]);
    expect(await recordedStreaks('u-b')).toBe(1);
  });

  it('an emitted event gets its own durable deliveries, handled in a later batch', async () => {
    const emitter = defineHandler({
      name: 'emit.chain',
      on: 'service.created',
      async handle({ emit }, event) {
        emit({ type: 'service.updated', actorId: 'user-1', serviceId: event.serviceId });
      },
    });
    const events = await startEvents({
      handlers: [emitter as AnyEventHandler, countingHandler('emit.chain.next', 'service.updated')],
    });
    await recordEvents(database.db, [created('c')]);
    await events.drain();
    expect(await runsOf(database.db, 'emit.chain.next')).toHaveLength(1);
  });

  it('an emit after the handler returned is refused', async () => {
    let late: ((event: AppEvent) => void) | null = null;
    const leaky = defineHandler({
      name: 'emit.late',
      on: 'service.created',
      async handle({ emit }) {
        late = emit;
      },
    });
    const events = await startEvents({ handlers: [leaky as AnyEventHandler] });
    await recordEvents(database.db, [created('d')]);
    await events.drain();
    expect(() => late!({ type: 'progression.streak', userId: 'u-d', streak: 1 })).toThrow(/after its handler ended/);
  });
});
