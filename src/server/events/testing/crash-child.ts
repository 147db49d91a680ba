/**
 * A server stand-in for the crash tests (crash-restart.integration.test.ts), run as its own process on a PGlite
 * data folder:
 *   record        records one event, then freezes right after the commit, before any handler can run
 *   slow-handler  records one event and freezes inside its handler, after the handler's write
 *   run           runs what is due, prints which processes ran the handler for each event and what is pending, exits
 * It prints a line the parent waits for (COMMITTED, HANDLING) before freezing; the parent kills it with SIGKILL.
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../db/database';
import { createDomainEvents } from '../domain-events';
import { defineHandler, defineLiveListener, type AnyEventHandler } from '../handlers';
import { inTransaction } from '../in-transaction';
import { createRunsTable } from './event-database';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || !['record', 'slow-handler', 'run'].includes(mode ?? '')) throw new Error('usage: <dataDir> <mode>');

/** Blocks this thread: nothing else of this process (timers, the dispatcher) runs until it is killed. */
function freeze() {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

const database = await openDatabase({ kind: 'embedded', dataDir });
await migrateDatabase(database.db);
await createRunsTable(database.db);

const handler = defineHandler({
  name: 'crash.count',
  on: 'service.created',
  async handle({ tx, eventId }) {
    await tx.execute(
      sql`insert into handler_runs (event_id, handler, runner) values (${eventId}, 'crash.count', ${mode})`,
    );
    if (mode === 'slow-handler') {
      // The write above has reached the database (inside the open transaction); now die before the commit.
      await tx.execute(sql`select 1`);
      process.stdout.write('HANDLING\n');
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
  },
});
const events = createDomainEvents({
  db: database.db,
  handlers: [handler as AnyEventHandler],
  live: [
    defineLiveListener({
      on: 'service.created',
      publish: () => {
        if (mode !== 'record') return;
        process.stdout.write('COMMITTED\n');
        freeze();
      },
    }),
  ],
  log: { error: (details, message) => console.error(message, details), warn: () => {} },
  pollMs: 60_000,
});
await events.start();

if (mode === 'run') {
  await events.drain();
  // Which processes ran the handler, per event, and what is still to run.
  const { rows } = await database.db.execute<{ runs: Record<string, string[]> | null; pending: number }>(sql`
    select (select jsonb_object_agg(service, runners) from (
              select e.payload ->> 'serviceId' as service, array_agg(r.runner order by r.at) as runners
              from handler_runs r join domain_events e on e.id = r.event_id
              where r.handler = 'crash.count' group by 1) per_event) as runs,
           (select count(*)::int from event_deliveries where handler = 'crash.count') as pending`);
  process.stdout.write(`${JSON.stringify(rows[0])}\n`);
  await events.stop();
  await database.close();
  process.exit(0);
} else {
  await inTransaction({ db: database.db, events }, async (_tx, emit) =>
    emit({ type: 'service.created', actorId: 'crash-user', serviceId: `crash-${mode}` }),
  );
}
