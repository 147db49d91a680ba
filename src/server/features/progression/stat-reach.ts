import { BADGES, isEarned } from '../../../domain/progression/badges';
import { isQuestAvailable, QUESTS } from '../../../domain/progression/quests';
import { EMPTY_PROGRESS_STATS, type ProgressStats } from '../../../domain/progression/stats';

/**
 * Which stats each quest and badge reads, so the engine can tell that an event cannot have moved anything the user
 * still has open and skip reading the stats at all (a message costs a full review otherwise).
 * The reads are learned from the domain's own rules (a quest's count, a badge's isEarned) by running them on stats
 * that record what is read, never restated here: a new quest or badge rule is covered as soon as it exists.
 */

export type StatKey = keyof ProgressStats;

/**
 * Two samples, so a rule that reads one stat only when another passes (top_rated reads ratingTotal only once
 * reviewsReceived reaches 10) shows both: everything empty, then everything past any threshold.
 */
const SAMPLES: readonly ProgressStats[] = [
  EMPTY_PROGRESS_STATS,
  Object.fromEntries(
    Object.entries(EMPTY_PROGRESS_STATS).map(([key, value]) => [
      key,
      typeof value === 'number'
        ? Number.MAX_SAFE_INTEGER
        : { firstName: true, lastName: true, bio: true, avatar: true },
    ]),
  ) as unknown as ProgressStats,
];

function statsReadBy(rule: (stats: ProgressStats) => unknown): ReadonlySet<StatKey> {
  const read = new Set<StatKey>();
  for (const sample of SAMPLES) {
    rule(
      new Proxy(sample, {
        get(target, key, receiver) {
          if (typeof key === 'string' && key in target) read.add(key as StatKey);
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
    );
  }
  return read;
}

export const QUEST_READS: ReadonlyMap<string, ReadonlySet<StatKey>> = new Map(
  QUESTS.map((q) => [q.slug, statsReadBy(q.count)]),
);
export const BADGE_READS: ReadonlyMap<string, ReadonlySet<StatKey>> = new Map(
  BADGES.map((b) => [b.slug, statsReadBy((stats) => isEarned(b, stats))]),
);

/** What a user holds, as the engine read it under their lock. */
export interface Held {
  badges: Set<string>;
  quests: Set<string>;
}

/**
 * Whether a change of one of `moved` could complete a quest the user's level offers and they have not completed, or
 * earn a badge they do not hold. XP and level are not an event's to move: when XP moved the engine reviews in full.
 */
export function canMoveAnything(moved: readonly StatKey[], held: Held, level: number): boolean {
  const reads = (set: ReadonlySet<StatKey> | undefined) => moved.some((stat) => set?.has(stat) ?? true);
  return (
    QUESTS.some((q) => !held.quests.has(q.slug) && isQuestAvailable(q, level) && reads(QUEST_READS.get(q.slug))) ||
    BADGES.some((b) => !held.badges.has(b.slug) && reads(BADGE_READS.get(b.slug)))
  );
}

/**
 * The highest threshold any badge sets on a stat (0 when none does): counting that stat past it changes nothing,
 * so its statement may stop there (the transfers sum, earningsCents).
 */
export function highestBadgeThreshold(stat: StatKey): number {
  let highest = 0;
  for (const badge of BADGES) {
    const rule = badge.rule;
    if (rule.kind === 'atLeast' && rule.stat === stat) highest = Math.max(highest, rule.min);
  }
  return highest;
}
