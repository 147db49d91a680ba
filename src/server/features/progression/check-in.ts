import { sql } from 'drizzle-orm';
import { dailyLoginAt, resolveTimeZone } from '../../../domain/progression/streaks';
import type { Db } from '../../db/database';
import { userStreaks } from '../../db/schema/progression';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { grantXp, lockProgress, reviewProgress, awardEvents } from './review-progress';

export type CheckInResult = { awarded: null } | { awarded: { xp: number; streak: number } };

/**
 * The daily login (spec 1 section 4): once per calendar day of the user, in the zone the browser sends (an unknown
 * zone counts as UTC). The streak rule is streaks.ts's; the XP goes through the ledger keyed by the day, so even two
 * check-ins from two zones that both read a new day for the same date award once. The zone is kept for the daily
 * message XP cap. The engine runs after it (streak badges and quests), all under the user's user_xp lock.
 */
export async function checkIn(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { timeZone: string },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const zone = resolveTimeZone(input.timeZone);
  return inTransaction(deps, async (tx, emit): Promise<CheckInResult> => {
    const progress = await lockProgress(tx, actor.id);
    if (!progress) return { awarded: null };
    const [stored] = await tx
      .select({ currentStreak: userStreaks.currentStreak, lastAction: userStreaks.lastAction })
      .from(userStreaks)
      .where(sql`${userStreaks.userId} = ${actor.id}`);
    const outcome = dailyLoginAt(stored ?? null, now, zone);
    const streak = outcome.streak;
    await tx
      .insert(userStreaks)
      .values({ userId: actor.id, currentStreak: streak.currentStreak, lastAction: streak.lastAction, timeZone: zone })
      .onConflictDoUpdate({
        target: userStreaks.userId,
        set: {
          currentStreak: streak.currentStreak,
          lastAction: streak.lastAction,
          timeZone: zone,
          updatedAt: sql`now()`,
        },
      });
    progress.zone = zone;
    progress.streak = streak.currentStreak;
    let awarded: CheckInResult['awarded'] = null;
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
    const awards = await reviewProgress(tx, progress, { now });
    for (const event of awardEvents(awards)) emit(event);
    return { awarded };
  });
}
