import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { users } from '../../db/schema/auth';
import { conversations, messages } from '../../db/schema/conversations';
import { portfolioItems } from '../../db/schema/portfolio';
import { profiles } from '../../db/schema/profiles';
import { maintenanceRuns } from '../../db/schema/progression';
import { reviews } from '../../db/schema/reviews';
import { chatMessages, chatRoomMembers } from '../../db/schema/rooms';
import { services } from '../../db/schema/services';
import { transfers } from '../../db/schema/settlement';
import { ensureQuests } from './ensure-quests';
import { lockProgress, reviewProgress } from './review-progress';

export const BACKFILL_RUN = 'progression-backfill-1';
/** Users reviewed per transaction, at most, on a PostgreSQL server (a pool of several connections). */
export const BACKFILL_BATCH = 50;
/**
 * The same with a pool of one connection (the embedded database): every request waits for the batch in flight, so
 * a batch must stay short. Measured on PGlite with 400 active users, progression.get called
 * back to back during the run: 50 a batch with no rest took 300-370 ms a batch and the calls a median of 310-350 ms;
 * 10 a batch with BACKFILL_PAUSE_MS take ~50 ms, the calls 4 ms (median), 50 ms (p95), under 100 ms (max), and the
 * run 1.5 times as long (3.7 s instead of 2.5 s).
 */
export const BACKFILL_BATCH_ONE_CONNECTION = 10;
/**
 * The rest between two batches. A request's statements each wait for the connection in turn: without a rest, the
 * next batch would queue before a request's second statement, which would then wait a whole batch more.
 */
export const BACKFILL_PAUSE_MS = 40;
/**
 * Users looked at per transaction (by id, most of them with nothing to count on a big database): each costs a few
 * index probes, so a batch stays short however many dormant accounts lie between two active ones.
 */
export const BACKFILL_SCAN = 500;
/**
 * The advisory lock only one server's batch holds at a time (an arbitrary constant, unique in this code base).
 * Transaction-scoped (pg_try_advisory_xact_lock), taken by each batch: a session lock would have to keep a
 * connection for the whole run, and the embedded database has only one.
 */
export const BACKFILL_LOCK_KEY = 0x5_1a_0014;

export type BackfillResult =
  /** This call ran it to its end (or on from where a previous run stopped). */
  | { status: 'finished'; reviewed: number }
  /** A run finished before: nothing to do. */
  | { status: 'done-before'; reviewed: 0 }
  /** Another server holds the lock: it runs the backfill, from the same saved cursor. */
  | { status: 'running-elsewhere'; reviewed: number }
  /** Stopped by its signal between two batches: the next start resumes from the cursor. */
  | { status: 'stopped'; reviewed: number };

type Step = { kind: 'locked' } | { kind: 'done-before' } | { kind: 'finished' } | { kind: 'batch'; reviewed: number };

/**
 * Users who did things before progression shipped (services, messages, reviews...) get the quests, badges and quest
 * XP their history earns, once, silently (no live events). Message XP is not granted for past messages (it is per
 * message and capped per day; their quests pay instead).
 *
 * Batches by user id, each one transaction that (1) takes the backfill's advisory lock or stops, since another
 * server is running it, (2) reads the cursor saved in maintenance_runs, (3) reviews the next users who have
 * anything to count (a user who never did anything gets no user_xp row) and (4) saves the last id looked at as the
 * cursor. A crash loses at most the batch in flight (rolled back), and the next start resumes from the cursor. The
 * run's end is marked (finished_at), so later starts do nothing. Safe beside the live handlers: the engine takes the
 * same per-user lock and awards nothing twice.
 */
export async function backfillProgress(
  db: Db,
  {
    batch = BACKFILL_BATCH,
    scan = BACKFILL_SCAN,
    pause = 0,
    signal,
  }: {
    batch?: number;
    scan?: number;
    /** Milliseconds of rest between two batches, so that requests get the connection in between. */
    pause?: number;
    /** Stops between two batches (the server shutting down). */ signal?: AbortSignal;
  } = {},
): Promise<BackfillResult> {
  let reviewed = 0;
  for (let first = true; ; first = false) {
    if (!first && pause > 0) await rest(pause, signal);
    if (signal?.aborted) return { status: 'stopped', reviewed };
    const step = await db.transaction((tx) => backfillStep(tx, { batch, scan: Math.max(scan, batch) }));
    switch (step.kind) {
      case 'locked':
        return { status: 'running-elsewhere', reviewed };
      case 'done-before':
        // A run that another server finished between two of this one's batches is finished for this one too.
        return first ? { status: 'done-before', reviewed: 0 } : { status: 'finished', reviewed };
      case 'finished':
        return { status: 'finished', reviewed };
      case 'batch':
        reviewed += step.reviewed;
    }
  }
}

async function backfillStep(tx: Tx, limits: { batch: number; scan: number }): Promise<Step> {
  const { rows: lock } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${BACKFILL_LOCK_KEY}) as locked`,
  );
  if (!lock[0]?.locked) return { kind: 'locked' };
  await tx.insert(maintenanceRuns).values({ name: BACKFILL_RUN }).onConflictDoNothing();
  const [run] = await tx
    .select({ cursor: maintenanceRuns.cursor, finishedAt: maintenanceRuns.finishedAt })
    .from(maintenanceRuns)
    .where(eq(maintenanceRuns.name, BACKFILL_RUN));
  if (!run || run.finishedAt) return { kind: 'done-before' };

  // The next users by id after the cursor, and which of them have anything progression counts: each check is one
  // probe of an index on the user's column.
  const { rows } = await tx.execute<{ id: string; active: boolean }>(sql`
    with next_users as (
      select id from ${users} where id > ${run.cursor ?? ''} order by id limit ${limits.scan}
    )
    select u.id, (
      exists (select 1 from ${services} where user_id = u.id)
      or exists (select 1 from ${messages} where sender_id = u.id and kind = 'text')
      or exists (select 1 from ${chatMessages} where sender_id = u.id and kind = 'text')
      or exists (select 1 from ${chatRoomMembers} where user_id = u.id)
      or exists (select 1 from ${reviews} where provider_id = u.id)
      or exists (select 1 from ${reviews} where reviewer_id = u.id)
      or exists (select 1 from ${portfolioItems} where user_id = u.id)
      or exists (select 1 from ${conversations}
        where participant2_id = u.id and accepted_at is not null and cancelled_at is null)
      or exists (select 1 from ${transfers} where provider_id = u.id and status = 'paid')
      or exists (select 1 from ${profiles} where id = u.id and (nullif(btrim(bio), '') is not null or avatar_url is not null))
    ) as active
    from next_users u
    order by u.id`);
  if (rows.length === 0) {
    await tx
      .update(maintenanceRuns)
      .set({ finishedAt: sql`now()` })
      .where(eq(maintenanceRuns.name, BACKFILL_RUN));
    return { kind: 'finished' };
  }
  const active = rows.filter((r) => r.active);
  const due = active.slice(0, limits.batch);
  for (const { id } of due) {
    const progress = await lockProgress(tx, id);
    if (progress) await reviewProgress(tx, progress, { live: false });
  }
  // Past every user looked at, unless the batch's bound cut the active ones short: then just past the last reviewed.
  const cursor = active.length > due.length ? due.at(-1)!.id : rows.at(-1)!.id;
  await tx.update(maintenanceRuns).set({ cursor }).where(eq(maintenanceRuns.name, BACKFILL_RUN));
  return { kind: 'batch', reviewed: due.length };
}

export interface ProgressionLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Waits, or less when the signal aborts (it then resolves: the caller checks the signal). */
async function rest(ms: number, signal: AbortSignal | undefined) {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** A failed run is tried again after 1 s, 2 s, 4 s... and then every minute at most, until it finishes. */
export const BACKFILL_RETRY = { firstMs: 1_000, maxMs: 60_000 };
/** How often a server that found the run held by another server looks again (that server may stop before the end). */
export const BACKFILL_RECHECK_MS = 60_000;

export interface ProgressionStartOptions {
  /** Users per batch; by default BACKFILL_BATCH_ONE_CONNECTION on a pool of one connection, else BACKFILL_BATCH. */
  batch?: number;
  pause?: number;
  retry?: { firstMs: number; maxMs: number };
  recheckMs?: number;
}

/**
 * At server start, after it listens: the quests table in step with the domain, then the one-time backfill in the
 * background, so start-up never waits for it. It never ends the server, and it does not give
 * up until the run is finished: a failure (a deadlock with a handler's batch, a lost
 * connection, a statement timeout) is logged and tried again with backoff, resuming from the saved cursor; a run held
 * by another server is looked at again every minute, in case that server stops before the end. Returns a stop for
 * shutdown: it ends the run after the batch in flight (or at once while waiting), so closing the database never cuts
 * one in half (which would be safe, only noisy).
 */
export function startProgression(
  db: Db,
  log: ProgressionLog,
  {
    batch = db.$client.options.max === 1 ? BACKFILL_BATCH_ONE_CONNECTION : BACKFILL_BATCH,
    pause = BACKFILL_PAUSE_MS,
    retry = BACKFILL_RETRY,
    recheckMs = BACKFILL_RECHECK_MS,
  }: ProgressionStartOptions = {},
): () => Promise<void> {
  const stop = new AbortController();
  const { signal } = stop;
  const running = (async () => {
    let questsReady = false;
    let failures = 0;
    let heldElsewhere = false;
    while (!signal.aborted) {
      try {
        if (!questsReady) await ensureQuests(db);
        questsReady = true;
        const startedAt = Date.now();
        const result = await backfillProgress(db, { batch, pause, signal });
        failures = 0;
        if (result.status === 'running-elsewhere') {
          // Said once, not at every look.
          if (!heldElsewhere) log.info({ ...result, recheckMs }, 'progression backfill: another server runs it');
          heldElsewhere = true;
          await rest(recheckMs, signal);
          continue;
        }
        // A new data folder has nobody to review: its first start says nothing (npm start prints one line).
        if (result.status !== 'done-before' && result.reviewed > 0)
          log.info({ ...result, ms: Date.now() - startedAt }, 'progression backfill');
        return;
      } catch (error) {
        failures += 1;
        const retryInMs = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(failures - 1, 30));
        log.error({ err: error, failures, retryInMs }, 'progression backfill failed: it resumes from where it got to');
        await rest(retryInMs, signal);
      }
    }
  })();
  return async () => {
    stop.abort();
    await running;
  };
}
