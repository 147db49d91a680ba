/**
 * The figures of docs/decisions/004-domain-events-outbox.md, on a scratch database (PGlite in memory, or a new
 * database on TEST_DATABASE_URL):
 *   npx tsx src/server/events/testing/measure-outbox.ts
 */
import { sql } from 'drizzle-orm';
import { createDomainEvents } from '../domain-events';
import { defineHandler, type AnyEventHandler } from '../handlers';
import { inTransaction } from '../in-transaction';
import { recordEventSql, recordEvents } from '../record-events';
import { countingDb, openEventDatabase, recordingLog } from './event-database';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const database = await openEventDatabase(undefined);
const { db } = database;
const counting = countingDb(database.pool);
const label = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
await db.execute(sql`create table things (id serial primary key, owner text not null)`);

let handledId = '';
let handledAt = 0;
const handler = defineHandler({
  name: 'measure.noop',
  on: 'service.created',
  async handle(_ctx, event) {
    handledId = event.serviceId;
    handledAt = performance.now();
  },
}) as AnyEventHandler;
const events = createDomainEvents({ db, handlers: [handler], log: recordingLog(), pollMs: 60_000 });
await events.start();

// The send-message shape: one statement, with and without the event's CTEs (a handler is registered, so each
// event also gets one delivery). Rounds alternate so that warm-up and machine load fall on both alike.
const shapes = {
  'one-statement change': () =>
    counting.db.execute(
      sql`with t as (insert into things (owner) values (${'o'}) returning id, owner) select id from t`,
    ),
  'the same + recordEventSql': () =>
    counting.db.execute(sql`
      with t as (insert into things (owner) values (${'o'}) returning id, owner),
      ${recordEventSql('service.created', { actorId: sql`t.owner`, serviceId: sql`t.id::text` }, { from: sql`t` })}
      select id from t`),
};
const times: Record<string, number[]> = {};
for (let round = 0; round < 6; round += 1) {
  for (const [name, run] of Object.entries(shapes)) {
    counting.reset();
    for (let i = 0; i < 200; i += 1) {
      const start = performance.now();
      await run();
      if (round > 0) (times[name] ??= []).push(performance.now() - start);
    }
    if (round === 5)
      console.log(
        label,
        `${name}: ${counting.count() / 200} statement(s), median ${median(times[name]!).toFixed(3)} ms`,
      );
  }
}

for (const n of [1, 10, 100]) {
  await counting.db.transaction(async (tx) => {
    counting.reset();
    await recordEvents(
      tx,
      Array.from({ length: n }, (_, k) => ({ type: 'avatar.set' as const, userId: `u${k}` })),
    );
    console.log(label, `recordEvents with ${n} event(s): ${counting.count()} statement(s)`);
  });
}

// The shapes above left 1,200 deliveries: out of the way first.
await events.drain();
const latency: number[] = [];
const useCase: number[] = [];
for (let i = 0; i < 100; i += 1) {
  const calledAt = performance.now();
  await inTransaction({ db, events }, async (_tx, emit) =>
    emit({ type: 'service.created', actorId: 'a', serviceId: `latency-${i}` }),
  );
  useCase.push(performance.now() - calledAt);
  while (handledId !== `latency-${i}`) await new Promise((resolve) => setImmediate(resolve));
  latency.push(handledAt - calledAt);
}
console.log(
  label,
  `inTransaction with one event: median ${median(useCase).toFixed(2)} ms; ` +
    `its durable handler (woken by committed()) has run ${median(latency).toFixed(2)} ms after the call`,
);
await events.stop();

for (let chunk = 0; chunk < 2; chunk += 1) {
  await recordEvents(
    db,
    Array.from({ length: 1000 }, (_, k) => ({ type: 'service.created' as const, actorId: 'a', serviceId: `b${k}` })),
  );
}
const draining = createDomainEvents({ db: counting.db, handlers: [handler], log: recordingLog() });
counting.reset();
const start = performance.now();
await draining.drain();
const ms = performance.now() - start;
console.log(
  label,
  `2000 deliveries (no-op handler, batches of 20): ${ms.toFixed(0)} ms, ${(2000 / (ms / 1000)).toFixed(0)}/s, ` +
    `${(counting.count() / 2000).toFixed(2)} statements each`,
);

const idle = createDomainEvents({ db: counting.db, log: recordingLog(), pollMs: 10 });
await idle.start();
counting.reset();
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(label, `a server with no durable handler, idle for 500 ms: ${counting.count()} statements`);
await idle.stop();
await database.dispose();
process.exit(0);
