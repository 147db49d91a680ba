import { asc, desc, eq } from 'drizzle-orm';
import { levelForXp, levelSummary } from '../../../domain/progression/levels';
import { isQuestAvailable } from '../../../domain/progression/quests';
import { activeStreak, calendarDayIn } from '../../../domain/progression/streaks';
import { MESSAGE_XP_HELP } from '../../../domain/progression/xp';
import type { Db } from '../../db/database';
import { userBadges, userStreaks, userXp } from '../../db/schema/progression';
import { loadProgressStats } from './progress-stats';
import { questRowsOf, questView } from './quest-view';

/** The 37 badges, with room: a user can hold no more rows than there are slugs (one per slug). */
const BADGE_LIST_LIMIT = 100;

/**
 * The Progress page's data for the signed-in user only (spec 1 section 7): XP, level and its title and bar, the
 * active streak, the badges earned (newest first), and the quests their level makes available with progress.
 * Read-only: nothing here awards anything (a quest whose progress reads complete is completed by the handlers).
 */
export async function getProgression(deps: { db: Db }, actor: { id: string }, now: Date = new Date()) {
  return deps.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ xp: userXp.xp, level: userXp.level })
      .from(userXp)
      .where(eq(userXp.userId, actor.id));
    const [streakRow] = await tx
      .select({
        currentStreak: userStreaks.currentStreak,
        lastAction: userStreaks.lastAction,
        timeZone: userStreaks.timeZone,
      })
      .from(userStreaks)
      .where(eq(userStreaks.userId, actor.id));
    const xp = own?.xp ?? 0;
    const level = own?.level ?? levelForXp(xp);
    const badges = await tx
      .select({ slug: userBadges.badgeSlug, earnedAt: userBadges.earnedAt })
      .from(userBadges)
      .where(eq(userBadges.userId, actor.id))
      .orderBy(desc(userBadges.earnedAt), asc(userBadges.badgeSlug))
      .limit(BADGE_LIST_LIMIT);
    const questRows = await questRowsOf(tx, actor.id);
    const today = calendarDayIn(now, streakRow?.timeZone);
    const stats = await loadProgressStats(tx, actor.id, { xp, level, streak: streakRow?.currentStreak ?? 0 });
    const questList = questRows.filter((q) => isQuestAvailable(q, level)).map((q) => questView(q, stats));
    return {
      xp,
      level,
      ...levelSummary(xp, level),
      streak: activeStreak(streakRow ?? null, today),
      badges: badges.map((b) => ({ slug: b.slug, earnedAt: b.earnedAt.toISOString() })),
      quests: questList,
      questsCompleted: questList.filter((q) => q.completed).length,
      messageXpHelp: MESSAGE_XP_HELP,
    };
  });
}
