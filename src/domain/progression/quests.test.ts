import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completableQuests,
  DEFAULT_QUEST_DESCRIPTION,
  isQuestAvailable,
  QUEST_SLUG_MAX,
  QUEST_TITLE_MAX,
  QUESTS,
  questDescription,
  questProgress,
  questTarget,
} from './quests';
import { EMPTY_PROGRESS_STATS, type ProgressStats } from './stats';

const stats = (over: Partial<ProgressStats>): ProgressStats => ({ ...EMPTY_PROGRESS_STATS, ...over });

describe('the 17 quests (spec 1, section 9)', () => {
  it('has the spec’s slugs and targets, each once', () => {
    expect(Object.fromEntries(QUESTS.map((q) => [q.slug, q.target]))).toEqual({
      complete_profile: 4,
      first_service: 1,
      first_chat: 1,
      social_butterfly: 10,
      message_master: 50,
      join_chat_rooms: 3,
      service_provider: 5,
      complete_service: 1,
      service_expert: 5,
      xp_collector: 1000,
      level_up_expert: 5,
      streak_master: 14,
      first_avatar: 1,
      write_bio: 1,
      share_portfolio: 3,
      first_review: 1,
      xp_master_5k: 5000,
    });
    expect(QUESTS).toHaveLength(17);
  });

  it('every quest has a title, a fixed description, positive XP and a level it opens at', () => {
    for (const quest of QUESTS) {
      expect(quest.title.length).toBeGreaterThan(0);
      expect(quest.title.length).toBeLessThanOrEqual(QUEST_TITLE_MAX);
      expect(quest.slug.length).toBeLessThanOrEqual(QUEST_SLUG_MAX);
      expect(questDescription(quest.slug)).toBe(quest.description);
      expect(quest.description).not.toBe(DEFAULT_QUEST_DESCRIPTION);
      expect(quest.xp).toBeGreaterThan(0);
      expect(quest.xp).toBeLessThanOrEqual(500);
      expect(Number.isInteger(quest.minLevel) && quest.minLevel >= 0).toBe(true);
    }
    expect(new Set(QUESTS.map((q) => q.title)).size).toBe(17);
  });

  it('an unknown slug has target 1, no progress and the default description', () => {
    expect(questTarget('hidden_quest')).toBe(1);
    expect(questDescription('hidden_quest')).toBe(DEFAULT_QUEST_DESCRIPTION);
    expect(questProgress('hidden_quest', stats({ messagesSent: 999, xp: 99_999 }))).toEqual({
      current: 0,
      target: 1,
      percent: 0,
      complete: false,
    });
  });
});

describe('quest progress', () => {
  it('complete_profile counts first name, last name, a bio over 10 characters and an avatar', () => {
    const profile = { firstName: true, lastName: true, bio: false, avatar: true };
    expect(questProgress('complete_profile', stats({ profile }))).toEqual({
      current: 3,
      target: 4,
      percent: 75,
      complete: false,
    });
    expect(questProgress('complete_profile', stats({ profile: { ...profile, bio: true } })).complete).toBe(true);
  });

  it('messages count for first_chat, social_butterfly and message_master', () => {
    const s = stats({ messagesSent: 12 });
    expect(questProgress('first_chat', s)).toMatchObject({ current: 1, complete: true });
    expect(questProgress('social_butterfly', s)).toMatchObject({ current: 10, percent: 100, complete: true });
    expect(questProgress('message_master', s)).toEqual({ current: 12, target: 50, percent: 24, complete: false });
  });

  it.each([
    ['first_service', { servicesCreated: 1 }],
    ['service_provider', { servicesCreated: 5 }],
    ['complete_service', { servicesCompleted: 1 }],
    ['service_expert', { servicesCompleted: 5 }],
    ['join_chat_rooms', { roomsJoined: 3 }],
    ['xp_collector', { xp: 1000 }],
    ['xp_master_5k', { xp: 5000 }],
    ['level_up_expert', { level: 5 }],
    ['streak_master', { streak: 14 }],
    ['share_portfolio', { portfolioItems: 3 }],
    ['first_review', { reviewsReceived: 1 }],
    ['first_avatar', { profile: { ...EMPTY_PROGRESS_STATS.profile, avatar: true } }],
    ['write_bio', { profile: { ...EMPTY_PROGRESS_STATS.profile, bio: true } }],
  ] as const)('%s completes exactly at its target', (slug, done) => {
    expect(questProgress(slug, stats(done)).complete).toBe(true);
    const key = Object.keys(done)[0] as keyof ProgressStats;
    if (key !== 'profile') {
      const below = stats({ [key]: (done as Record<string, number>)[key]! - 1 });
      expect(questProgress(slug, below).complete).toBe(false);
    }
    expect(questProgress(slug, EMPTY_PROGRESS_STATS)).toMatchObject({ current: 0, percent: 0, complete: false });
  });

  it('progress is capped at the target and always a percent in 0..100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUESTS.map((q) => q.slug)),
        fc.record({
          messagesSent: fc.integer({ min: -5, max: 10_000 }),
          xp: fc.integer({ min: 0, max: 100_000 }),
          servicesCreated: fc.integer({ min: 0, max: 100 }),
          streak: fc.integer({ min: 0, max: 400 }),
        }),
        (slug, over) => {
          const progress = questProgress(slug, stats(over));
          expect(progress.current).toBeGreaterThanOrEqual(0);
          expect(progress.current).toBeLessThanOrEqual(progress.target);
          expect(progress.percent).toBeGreaterThanOrEqual(0);
          expect(progress.percent).toBeLessThanOrEqual(100);
          expect(progress.complete).toBe(progress.percent === 100);
        },
      ),
    );
  });
});

describe('quests by level', () => {
  it('a quest is offered from its min_level on', () => {
    expect(isQuestAvailable({ minLevel: 0 }, 0)).toBe(true);
    expect(isQuestAvailable({ minLevel: 3 }, 2)).toBe(false);
    expect(isQuestAvailable({ minLevel: 3 }, 3)).toBe(true);
  });

  it('a finished quest above the user’s level waits for the level', () => {
    const done = stats({ servicesCompleted: 5, servicesCreated: 1 });
    expect(completableQuests(done)).toEqual(['first_service', 'complete_service']);
    expect(completableQuests({ ...done, xp: 1500, level: 3 })).toEqual([
      'first_service',
      'complete_service',
      'service_expert',
      'xp_collector',
    ]);
  });

  it('a new user has no quest to complete', () => {
    expect(completableQuests(EMPTY_PROGRESS_STATS)).toEqual([]);
  });
});
