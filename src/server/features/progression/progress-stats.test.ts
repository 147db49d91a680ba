import { describe, expect, it } from 'vitest';
import { earnedBadges } from '../../../domain/progression/badges';
import { completableQuests } from '../../../domain/progression/quests';
import { EMPTY_PROGRESS_STATS, type ProgressStats } from '../../../domain/progression/stats';
import { STAT_ROW_LIMIT } from './progress-stats';

/** The stats loadProgressStats counts rows for, each at most STAT_ROW_LIMIT rows (messages: per table). */
const ROW_COUNTED = [
  'servicesCreated',
  'servicesCompleted',
  'maxCompletedIn24h',
  'maxCompletedInOneCategory',
  'categoriesWithServices',
  'messagesSent',
  'roomsJoined',
  'reviewsReceived',
  'reviewsFourPlus',
  'reviewsFiveStar',
  'reviewsLeft',
  'usersHelped',
  'portfolioItems',
] as const satisfies readonly (keyof ProgressStats)[];

// A level at which every quest is offered, so only the counts decide.
const base: ProgressStats = { ...EMPTY_PROGRESS_STATS, xp: 0, level: 100 };
const judged = (stats: ProgressStats) => ({ quests: completableQuests(stats), badges: earnedBadges(stats) });

describe('STAT_ROW_LIMIT', () => {
  it.each(ROW_COUNTED)('counting %s past the limit changes no quest or badge', (stat) => {
    const atLimit = { ...base, [stat]: STAT_ROW_LIMIT };
    const far = { ...base, [stat]: STAT_ROW_LIMIT * 1000 };
    expect(judged(atLimit)).toEqual(judged(far));
    // Even one row short of the limit already earns everything a larger count does.
    expect(judged({ ...base, [stat]: STAT_ROW_LIMIT - 1 })).toEqual(judged(far));
  });

  it('the average rating over the newest reviews decides top_rated the same way at the limit', () => {
    const allFive = { ...base, reviewsReceived: STAT_ROW_LIMIT, ratingTotal: 5 * STAT_ROW_LIMIT };
    expect(judged(allFive).badges).toContain('top_rated');
  });
});
