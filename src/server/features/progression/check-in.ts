import { sql } from 'drizzle-orm';
import { dailyLoginAt } from '../../../domain/progression/streaks';
import type { Db } from '../../db/database';
import { userStreaks } from '../../db/schema/progression';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { grantXp, lockProgress, reviewProgress, awardEvents } from './review-progress';

/**
 * The answer of a check-in: null when nothing was awarded (the web shows no toast); else the login's XP and streak
 * (the toast) and the user's totals after everything this check-in granted (streak badges' quests included), so the
 * web sets its cache from the answer without reading the progress again. Never the zone (it can point at one town).
 */
export type CheckInResult =
  { awarded: null } | { awarded: { xp: number; streak: number }; progress: { xp: number; level: number } };

/**
 * The daily login (spec 1 section 4). streaks.ts decides (dailyLoginAt: the coarse zone, when it may change, the
 * calendar rule); this reads and writes user_streaks under the user's user_xp lock, so two check-ins of one user
 * are judged one after the other. The XP goes through the ledger keyed by the date, so no date is paid twice even
 * if the streak row were lost. The engine runs after it (streak badges and quests).
 */
export async function checkIn(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { timeZone: string },
  now: Date = new Date(),
): Promise<CheckInResult> {
  return inTransaction(deps, async (tx, emit): Promise<CheckInResult> => {
    const progress = await lockProgress(tx, actor.id);
    if (!progress) return { awarded: null };
    const [stored] = await tx
      .select({
        currentStreak: userStreaks.currentStreak,
        lastAction: userStreaks.lastAction,
        zone: userStreaks.timeZone,
        zoneChangedAt: userStreaks.zoneChangedAt,
        lastAwardedAt: userStreaks.lastAwardedAt,
      })
      .from(userStreaks)
      .where(sql`${userStreaks.userId} = ${actor.id}`);
    const outcome = dailyLoginAt(stored ?? null, now, input.timeZone);
    const streak = outcome.streak;
    // Nothing to write when nothing changed: a second check-in of the day costs no write, and the zone is written
    // only when it changes (the message cap's day cannot move on every call).
    const zoneWritten = !stored || outcome.zone !== stored.zone;
    if (outcome.awarded || zoneWritten) {
      const changes = {
        currentStreak: streak.currentStreak,
        lastAction: streak.lastAction,
        ...(zoneWritten ? { timeZone: outcome.zone } : {}),
        ...(outcome.zoneChanged ? { zoneChangedAt: now } : {}),
        ...(outcome.awarded ? { lastAwardedAt: now } : {}),
      };
      await tx
        .insert(userStreaks)
        .values({ userId: actor.id, ...changes })
        .onConflictDoUpdate({ target: userStreaks.userId, set: { ...changes, updatedAt: sql`now()` } });
    }
    progress.zone = outcome.zone;
    progress.streak = streak.currentStreak;
    let awarded: { xp: number; streak: number } | null = null;
    if (outcome.awarded) {
      const granted = await grantXp(tx, progress, {
        source: 'daily_login',
        key: streak.lastAction!,
        amount: outcome.xp,
        day: streak.lastAction!,
      });
      if (granted) {
        awarded = { xp: outcome.xp, streak: streak.currentStreak };
        emit({ type: 'progression.streak', userId: actor.id, streak: streak.currentStreak });
      }
    }
    // Only the streak can have moved (and XP, which the engine sees): a page load that awards nothing reads no stats.
    const awards = await reviewProgress(tx, progress, { now, moves: awarded ? ['streak'] : [] });
    for (const event of awardEvents(awards)) emit(event);
    return awarded ? { awarded, progress: { xp: awards.xp, level: awards.level } } : { awarded: null };
  });
}
