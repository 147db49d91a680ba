import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { testUser, trpcAs } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { BACKFILL_LOCK_KEY, BACKFILL_RUN, startProgression, type ProgressionLog } from './backfill-progress';
import { progressionProbe } from './progression-probe';

// The background backfill as the server starts it: it keeps trying after a failure and
// after finding the run held by another server, and its stop still ends it at once.

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
});
afterAll(() => app.close());

const db = () => app.database.db;
const { questsOf } = progressionProbe(() => app);

/** What startProgression logged, in order. */
function recordingLog() {
  const lines: { level: 'info' | 'error'; message: string; details: Record<string, unknown> }[] = [];
  const log: ProgressionLog = {
    info: (details, message) => lines.push({ level: 'info', message, details: details as Record<string, unknown> }),
    error: (details, message) => lines.push({ level: 'error', message, details: details as Record<string, unknown> }),
  };
  return { log, lines, errors: () => lines.filter((l) => l.level === 'error') };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const finished = (lines: ReturnType<typeof recordingLog>['lines']) =>
  lines.some((l) => l.message === 'progression backfill' && l.details.status === 'finished');

/** A user with a service made before progression shipped (no progression rows), and the run not done yet. */
async function userFromBefore() {
  const user = await testUser(app);
  await ok(user, 'services.create', {
    title: 'Guitar basics',
    description: 'Chords and strumming for beginners.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price: 15,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  await app.events.drain();
  for (const table of ['user_quests', 'user_badges', 'xp_grants', 'user_xp']) {
    await db().execute(sql`delete from ${sql.identifier(table)} where user_id = ${user.id}`);
  }
  await db().execute(sql`delete from maintenance_runs where name = ${BACKFILL_RUN}`);
  return user;
}

/** Every batch fails (as a deadlock or a lost connection would) until the returned function is called. */
async function failingBatches() {
  await db().execute(
    sql.raw(`create function backfill_fails() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`),
  );
  await db().execute(
    sql.raw('create trigger backfill_fails before insert on user_xp for each row execute function backfill_fails()'),
  );
  return async () => {
    await db().execute(sql.raw('drop trigger backfill_fails on user_xp'));
    await db().execute(sql.raw('drop function backfill_fails()'));
  };
}

describe('the background backfill', () => {
  it('a failure is tried again with growing waits, bounded, until the run finishes', async () => {
    const user = await userFromBefore();
    const heal = await failingBatches();
    const { log, lines, errors } = recordingLog();
    const stop = startProgression(db(), log, { retry: { firstMs: 20, maxMs: 80 }, pause: 0 });
    try {
      await until(() => errors().length >= 4, 'four failures');
      expect(await questsOf(user.id)).toEqual([]);
    } finally {
      await heal();
    }
    await until(() => finished(lines), 'the run to finish');
    await stop();
    expect(await questsOf(user.id)).toEqual(['first_service']);
    // 20, 40, 80 ms, then never more than the bound.
    expect(
      errors()
        .slice(0, 4)
        .map((l) => l.details.retryInMs),
    ).toEqual([20, 40, 80, 80]);
    expect(errors().every((l) => l.details.err instanceof Error)).toBe(true);
    const { rows } = await db().execute<{ done: boolean }>(
      sql`select finished_at is not null as done from maintenance_runs where name = ${BACKFILL_RUN}`,
    );
    expect(rows).toEqual([{ done: true }]);
  });

  it('the stop ends it at once while it waits to try again, and nothing runs after it', async () => {
    const user = await userFromBefore();
    const heal = await failingBatches();
    const { log, errors } = recordingLog();
    const stop = startProgression(db(), log, { retry: { firstMs: 60_000, maxMs: 60_000 } });
    try {
      await until(() => errors().length === 1, 'the first failure');
      const started = Date.now();
      await stop();
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await heal();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors()).toHaveLength(1);
    expect(await questsOf(user.id)).toEqual([]);
  });

  // Two connections are needed: PostgreSQL only (the embedded database is one server, with one connection).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a server that found the run held elsewhere looks again and finishes it when the other server stops',
    async () => {
      const user = await userFromBefore();
      const { log, lines, errors } = recordingLog();
      // The other server, in the middle of a batch.
      const other = await app.database.pool.connect();
      let stop = async () => {};
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [BACKFILL_LOCK_KEY]);
        stop = startProgression(db(), log, { recheckMs: 30 });
        await until(() => lines.length > 0, 'the first look');
        // Several looks, all while the other server holds it: said once, nothing done here.
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(lines).toEqual([
          expect.objectContaining({ level: 'info', message: 'progression backfill: another server runs it' }),
        ]);
        expect(await questsOf(user.id)).toEqual([]);
      } finally {
        // That server stops (a rolling deploy, a crash) before the end: its batch rolls back.
        await other.query('rollback');
        other.release();
      }
      await until(() => finished(lines), 'the run to finish here');
      await stop();
      expect(errors()).toEqual([]);
      expect(await questsOf(user.id)).toEqual(['first_service']);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('the stop ends it at once while it waits to look again', async () => {
    await userFromBefore();
    const { log, lines } = recordingLog();
    const other = await app.database.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [BACKFILL_LOCK_KEY]);
      const stop = startProgression(db(), log, { recheckMs: 60_000 });
      await until(() => lines.length > 0, 'the first look');
      const started = Date.now();
      await stop();
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await other.query('rollback');
      other.release();
    }
  });
});
