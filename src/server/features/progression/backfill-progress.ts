import { asc, eq, gt, isNotNull, and } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { maintenanceRuns } from '../../db/schema/progression';
import { ensureQuests } from './ensure-quests';
import { lockProgress, reviewProgress } from './review-progress';

export const BACKFILL_RUN = 'progression-backfill-1';
/** Users reviewed per transaction: short transactions, since on PGlite one holds the only connection. */
export const BACKFILL_BATCH = 50;

/**
 * Users who did things before progression shipped (services, messages, reviews...) get the quests, badges and quest
 * XP their history earns, once, silently: the engine runs for every user, in batches by id, without live events.
 * Message XP is not granted for past messages (it is per message and capped per day; their quests pay instead).
 * A finished run is marked in maintenance_runs, so a restart does not do it again; an unfinished one (a crash) runs
 * again from the start, which is safe: the engine awards nothing twice. Returns the users reviewed, or null when
 * the run had finished before.
 */
export async function backfillProgress(db: Db, { batch = BACKFILL_BATCH }: { batch?: number } = {}) {
  const [done] = await db
    .select({ name: maintenanceRuns.name })
    .from(maintenanceRuns)
    .where(and(eq(maintenanceRuns.name, BACKFILL_RUN), isNotNull(maintenanceRuns.finishedAt)));
  if (done) return null;
  await db.insert(maintenanceRuns).values({ name: BACKFILL_RUN }).onConflictDoNothing();
  let after = '';
  let reviewed = 0;
  for (;;) {
    const ids = await db
      .select({ id: users.id })
      .from(users)
      .where(gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(batch);
    if (ids.length === 0) break;
    await db.transaction(async (tx) => {
      for (const { id } of ids) {
        const progress = await lockProgress(tx, id);
        if (progress) await reviewProgress(tx, progress);
      }
    });
    reviewed += ids.length;
    after = ids.at(-1)!.id;
  }
  await db.update(maintenanceRuns).set({ finishedAt: new Date() }).where(eq(maintenanceRuns.name, BACKFILL_RUN));
  return reviewed;
}

/** At every server start: the quests table in step with the domain, then the one-time backfill. */
export async function startProgression(db: Db): Promise<void> {
  await ensureQuests(db);
  await backfillProgress(db);
}
