import { describe, expect, it } from 'vitest';
import { earnedBadges } from '../../../domain/progression/badges';
import { completableQuests, questProgress, QUESTS } from '../../../domain/progression/quests';
import { EMPTY_PROGRESS_STATS, type ProgressStats } from '../../../domain/progression/stats';
import { EARNINGS_COUNTED_MAX, RATING_WINDOW, STAT_ROW_LIMIT } from './progress-stats';

/** The stats loadProgressStats counts at most STAT_ROW_LIMIT rows for (messages: per table, so up to twice). */
const ROW_COUNTED = [
  'servicesCreated',
  'servicesCompleted',
  'maxCompletedIn24h',
  'maxCompletedInOneCategory',
  'categoriesWithServices',
  'messagesSent',
  'roomsJoined',
  'reviewsLeft',
  'usersHelped',
  'portfolioItems',
] as const satisfies readonly (keyof ProgressStats)[];

/** Taken over the newest RATING_WINDOW reviews received. */
const RATING_COUNTED = [
  'reviewsReceived',
  'reviewsFourPlus',
  'reviewsFiveStar',
] as const satisfies readonly (keyof ProgressStats)[];

// A level at which every quest is offered, so only the counts decide.
const base: ProgressStats = { ...EMPTY_PROGRESS_STATS, xp: 0, level: 100 };
const judged = (stats: ProgressStats) => ({
  quests: completableQuests(stats),
  badges: earnedBadges(stats),
  // What the Progress page and the live counts show: a count past the bound must read the same too.
  progress: QUESTS.map((q) => questProgress(q.slug, stats)),
});

describe('STAT_ROW_LIMIT', () => {
  it.each(ROW_COUNTED)('counting %s past the limit changes no quest, badge or quest bar', (stat) => {
    const atLimit = { ...base, [stat]: STAT_ROW_LIMIT };
    const far = { ...base, [stat]: STAT_ROW_LIMIT * 1000 };
    expect(judged(atLimit)).toEqual(judged(far));
  });

  it.each(RATING_COUNTED)('counting %s past the rating window changes nothing', (stat) => {
    expect(judged({ ...base, [stat]: RATING_WINDOW })).toEqual(judged({ ...base, [stat]: RATING_WINDOW * 1000 }));
  });

  it('the average rating over the newest reviews decides top_rated the same way at the window', () => {
    const allFive = { ...base, reviewsReceived: RATING_WINDOW, ratingTotal: 5 * RATING_WINDOW };
    expect(judged(allFive).badges).toContain('top_rated');
  });

  it('earnings counted up to the highest threshold judge as the whole sum does', () => {
    expect(EARNINGS_COUNTED_MAX).toBe(50_000); // earnings_500
    const atCap = { ...base, earningsCents: EARNINGS_COUNTED_MAX };
    expect(judged(atCap)).toEqual(judged({ ...base, earningsCents: EARNINGS_COUNTED_MAX * 1000 }));
    expect(judged({ ...base, earningsCents: EARNINGS_COUNTED_MAX - 1 }).badges).not.toContain('earnings_500');
  });
});
