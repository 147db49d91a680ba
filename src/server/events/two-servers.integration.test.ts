import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import type { AppEvent } from '../contracts/app-events';
import { createDomainEvents, type DomainEvents } from './domain-events';
import { inTransaction } from './in-transaction';
import {
  countingHandler,
  eventually,
  openEventDatabase,
  recordingLog,
  type EventDatabase,
} from './testing/event-database';

const HANDLERS = ['shared.first', 'shared.second'];
const EVENTS = 300;

// Two servers need a database server; the embedded one allows one process per data folder.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  let first: EventDatabase;
  let second: Database;
  const services: DomainEvents[] = [];

  beforeAll(async () => {
    first = await openEventDatabase(inject('databaseTemplate'));
    second = await openDatabase({ kind: 'server', url: first.url! });
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await second.close();
    await first.dispose();
  });

  it('share 300 events: every (event, handler) runs once, and both servers do some of the work', async () => {
    const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    const server = (database: Database, runner: string) => {
      const events = createDomainEvents({
        db: database.db,
        handlers: HANDLERS.map((name) => countingHandler(name, 'message.sent', runner, slowly)),
        log: recordingLog(),
        limits: { batchSize: 10 },
        pollMs: 50,
      });
      services.push(events);
      return events;
    };
    const a = server(first, 'a');
    const b = server(second, 'b');
    await Promise.all([a.start(), b.start()]);

    // Each server records half the events in transactions of ten (and so is woken by its own commits).
    await Promise.all(
      Array.from({ length: EVENTS / 10 }, (_, chunk) => {
        const [database, events] = chunk % 2 === 0 ? [first, a] : [second, b];
        return inTransaction({ db: database.db, events }, async (_tx, emit) => {
          for (let i = 0; i < 10; i += 1) emit(messageSent(chunk * 10 + i));
        });
      }),
    );
    await eventually(async () => {
      const { rows } = await first.db.execute<{ n: number }>(sql`select count(*)::int as n from event_deliveries`);
      return rows[0]!.n === 0;
    }, 25_000);

    const { rows } = await first.db.execute<{ handler: string; runs: number; events: number; by_a: number }>(sql`
      select handler, count(*)::int as runs, count(distinct event_id)::int as events,
             count(*) filter (where runner = 'a')::int as by_a
      from handler_runs group by handler order by handler`);
    expect(rows.map(({ handler, runs, events }) => ({ handler, runs, events }))).toEqual(
      HANDLERS.map((handler) => ({ handler, runs: EVENTS, events: EVENTS })),
    );
    const byA = rows.reduce((sum, row) => sum + row.by_a, 0);
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(EVENTS * HANDLERS.length);
  });
});

function messageSent(n: number): AppEvent {
  return {
    type: 'message.sent',
    actorId: 'client',
    conversationId: 'shared-conversation',
    messageId: `m${n}`,
    participants: { clientId: 'client', providerId: 'provider' },
    message: null,
    state: null,
  };
}
