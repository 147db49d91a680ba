import { and, asc, gt, lte, sql } from 'drizzle-orm';
import { isQuestAvailable, questDescription, questProgress, QUESTS } from '../../../domain/progression/quests';
import type { ProgressStats } from '../../../domain/progression/stats';
import type { Tx } from '../../db/database';
import { quests, userQuests } from '../../db/schema/progression';
import type { ProgressionQuestView, QuestCount } from '../../contracts/progression-events';

/** A quests row with the user's completion of it (null: not completed). */
export interface QuestRowOfUser {
  slug: string;
  title: string;
  xp: number;
  minLevel: number;
  completedAt: Date | null;
}

/** At most this many quest rows are read: the domain has 17; the bound only guards against a table gone wrong. */
const QUEST_LIST_LIMIT = 100;

/**
 * The quests rows with the user's completions, in the Progress page's order; `opened`: only those a level-up from
 * `above` to `upTo` offers for the first time (min_level in (above, upTo]).
 */
export async function questRowsOf(
  tx: Tx,
  userId: string,
  opened?: { above: number; upTo: number },
): Promise<QuestRowOfUser[]> {
  return tx
    .select({
      slug: quests.slug,
      title: quests.title,
      xp: quests.xp,
      minLevel: quests.minLevel,
      completedAt: userQuests.completedAt,
    })
    .from(quests)
    .leftJoin(userQuests, sql`${userQuests.questId} = ${quests.id} and ${userQuests.userId} = ${userId}`)
    .where(opened && and(gt(quests.minLevel, opened.above), lte(quests.minLevel, opened.upTo)))
    .orderBy(asc(quests.minLevel), asc(quests.xp), asc(quests.slug))
    .limit(QUEST_LIST_LIMIT);
}

/**
 * One quest as the Progress page lists it: progression.get's list and a level-up's newly offered quests are built
 * here, so the page's cache and the live event can never disagree on a field.
 */
export function questView(row: QuestRowOfUser, stats: ProgressStats): ProgressionQuestView {
  const progress = questProgress(row.slug, stats);
  const completed = row.completedAt !== null;
  return {
    slug: row.slug,
    title: row.title,
    description: questDescription(row.slug),
    xp: row.xp,
    minLevel: row.minLevel,
    // A completed quest reads full even if a count fell since (a deleted service): it stays completed.
    current: completed ? progress.target : progress.current,
    target: progress.target,
    percent: completed ? 100 : progress.percent,
    completed,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The counts of the quests the stats' level offers that are not in `completed`, in the domain's order. */
export function questCounts(stats: ProgressStats, completed: ReadonlySet<string>): QuestCount[] {
  return QUESTS.filter((q) => isQuestAvailable(q, stats.level) && !completed.has(q.slug)).map((q) => {
    const { current, target, percent } = questProgress(q.slug, stats);
    return { slug: q.slug, current, target, percent };
  });
}
