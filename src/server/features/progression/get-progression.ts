import { asc, desc, eq, sql } from 'drizzle-orm';
import { levelForXp, levelSummary } from '../../../domain/progression/levels';
import { isQuestAvailable, questDescription, questProgress } from '../../../domain/progression/quests';
import { activeStreak, calendarDayIn } from '../../../domain/progression/streaks';
import { MESSAGE_XP_HELP } from '../../../domain/progression/xp';
import type { Db } from '../../db/database';
import { quests, userBadges, userQuests, userStreaks, userXp } from '../../db/schema/progression';
import { loadProgressStats } from './progress-stats';

/** At most this many quest rows are read: the domain has 17; the bound only guards against a table gone wrong. */
const QUEST_LIST_LIMIT = 100;
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
    const questRows = await tx
      .select({
        id: quests.id,
        slug: quests.slug,
        title: quests.title,
        xp: quests.xp,
        minLevel: quests.minLevel,
        completedAt: userQuests.completedAt,
      })
      .from(quests)
      .leftJoin(userQuests, sql`${userQuests.questId} = ${quests.id} and ${userQuests.userId} = ${actor.id}`)
      .orderBy(asc(quests.minLevel), asc(quests.xp), asc(quests.slug))
      .limit(QUEST_LIST_LIMIT);
    const today = calendarDayIn(now, streakRow?.timeZone);
    const stats = await loadProgressStats(tx, actor.id, { xp, level, streak: streakRow?.currentStreak ?? 0 });
    const questList = questRows
      .filter((q) => isQuestAvailable(q, level))
      .map((q) => {
        const progress = questProgress(q.slug, stats);
        const completed = q.completedAt !== null;
        return {
          slug: q.slug,
          title: q.title,
          description: questDescription(q.slug),
          xp: q.xp,
          minLevel: q.minLevel,
          // A completed quest reads full even if a count fell since (a deleted service): it stays completed.
          current: completed ? progress.target : progress.current,
          target: progress.target,
          percent: completed ? 100 : progress.percent,
          completed,
          completedAt: q.completedAt?.toISOString() ?? null,
        };
      });
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
