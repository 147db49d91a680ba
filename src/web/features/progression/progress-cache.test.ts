import { describe, expect, it } from 'vitest';
import {
  applyCheckIn,
  applyProgressionEvent,
  type Progress,
  type ProgressionLiveEvent,
  type ProgressQuest,
} from './progress-cache';

function progress(): Progress {
  return {
    xp: 480,
    level: 0,
    levelTitle: 'Newcomer',
    progressPercent: 96,
    xpToNextLevel: 20,
    nextLevelXp: 500,
    streak: 1,
    badges: [{ slug: 'messages_10', earnedAt: '2025-01-01T00:00:00.000Z' }],
    quests: [
      {
        slug: 'social_butterfly',
        title: 'Social Butterfly',
        description: 'Send 10 messages.',
        xp: 50,
        minLevel: 0,
        current: 4,
        target: 10,
        percent: 40,
        completed: false,
        completedAt: null,
      },
      {
        slug: 'first_service',
        title: 'Offer Your First Service',
        description: 'Create your first service so others can find your skills.',
        xp: 100,
        minLevel: 0,
        current: 0,
        target: 1,
        percent: 0,
        completed: false,
        completedAt: null,
      },
    ],
    questsCompleted: 0,
    messageXpHelp: '',
  };
}

const quest = (p: Progress, slug: string) => p.quests.find((q) => q.slug === slug)!;
const count = (slug: string, current: number, target: number) => ({
  slug,
  current,
  target,
  percent: Math.floor((current / target) * 100),
});

const messageMaster: ProgressQuest = {
  slug: 'message_master',
  title: 'Message Master',
  description: 'Send 50 messages.',
  xp: 150,
  minLevel: 1,
  current: 4,
  target: 50,
  percent: 8,
  completed: false,
  completedAt: null,
};
const serviceProvider: ProgressQuest = {
  slug: 'service_provider',
  title: 'Service Provider',
  description: 'Create 5 services.',
  xp: 200,
  minLevel: 1,
  current: 0,
  target: 5,
  percent: 0,
  completed: false,
  completedAt: null,
};

describe('live progression events on the cached progress', () => {
  it('new XP moves the level, its title and the bar as the server computes them', () => {
    const next = applyProgressionEvent(progress(), { type: 'xp-changed', xp: 1125, level: 2 });
    expect(next).toMatchObject({
      xp: 1125,
      level: 2,
      levelTitle: 'Apprentice',
      progressPercent: 25,
      xpToNextLevel: 375,
      nextLevelXp: 1500,
    });
  });

  it('a completed quest reads full and counts once, however often the event arrives', () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const event = {
      type: 'quest-completed',
      slug: 'first_service',
      title: 'Offer Your First Service',
      xp: 100,
    } as const;
    const once = applyProgressionEvent(progress(), event, now);
    const twice = applyProgressionEvent(once, event, now);
    expect(twice).toBe(once);
    expect(once.questsCompleted).toBe(1);
    expect(quest(once, 'first_service')).toMatchObject({
      completed: true,
      current: 1,
      percent: 100,
      completedAt: now.toISOString(),
    });
    expect(quest(once, 'social_butterfly')).toMatchObject({ completed: false, current: 4 });
  });

  it('a new badge goes first in the list, once', () => {
    const event = {
      type: 'badge-earned',
      slug: 'first_service_created',
      earnedAt: '2025-03-01T10:00:00.000Z',
    } as const;
    const once = applyProgressionEvent(progress(), event);
    expect(once.badges.map((b) => b.slug)).toEqual(['first_service_created', 'messages_10']);
    expect(applyProgressionEvent(once, event)).toBe(once);
  });

  it('the streak takes the event’s value', () => {
    expect(applyProgressionEvent(progress(), { type: 'streak', streak: 5 }).streak).toBe(5);
  });

  it('a quest the list does not hold (above the user’s level) changes nothing', () => {
    const p = progress();
    expect(
      applyProgressionEvent(p, { type: 'quest-completed', slug: 'xp_master_5k', title: 'XP Master', xp: 500 }),
    ).toBe(p);
  });

  it('a level-up lists the quests the new level offers, in the server’s order, once; the bar waits for the XP', () => {
    const event: ProgressionLiveEvent = { type: 'level-up', level: 1, quests: [serviceProvider, messageMaster] };
    const once = applyProgressionEvent(progress(), event);
    expect(once.quests.map((q) => q.slug)).toEqual([
      'social_butterfly',
      'first_service',
      'message_master',
      'service_provider',
    ]);
    expect(quest(once, 'message_master')).toMatchObject({ current: 4, target: 50, percent: 8 });
    expect(once).toMatchObject({ level: 0, xp: 480, questsCompleted: 0 });
    // A replay (or a list read after the level was reached) changes nothing, not even a count it already holds.
    expect(applyProgressionEvent(once, event)).toBe(once);
    const counted = applyProgressionEvent(once, { type: 'quest-progress', quests: [count('message_master', 7, 50)] });
    expect(quest(applyProgressionEvent(counted, event), 'message_master').current).toBe(7);
  });

  it('a quest a level-up offers already completed counts in N/M completed', () => {
    const done = {
      ...serviceProvider,
      current: 5,
      percent: 100,
      completed: true,
      completedAt: '2025-03-01T10:00:00.000Z',
    };
    const next = applyProgressionEvent(progress(), { type: 'level-up', level: 1, quests: [done] });
    expect(next.questsCompleted).toBe(1);
    expect(next.quests.at(-1)).toEqual(done);
  });

  it('a level-up offering a quest between two listed ones puts it where the server lists it', () => {
    const cheap = { ...messageMaster, slug: 'first_chat', xp: 25, minLevel: 0 };
    const next = applyProgressionEvent(progress(), { type: 'level-up', level: 1, quests: [cheap] });
    expect(next.quests.map((q) => q.slug)).toEqual(['first_chat', 'social_butterfly', 'first_service']);
  });

  it('quest counts move on unfinished quests, set (not added), and never on a completed one', () => {
    const completed = applyProgressionEvent(progress(), {
      type: 'quest-completed',
      slug: 'first_service',
      title: 'Offer Your First Service',
      xp: 100,
    });
    const event: ProgressionLiveEvent = {
      type: 'quest-progress',
      quests: [count('social_butterfly', 6, 10), count('first_service', 0, 1), count('xp_master_5k', 3000, 5000)],
    };
    const once = applyProgressionEvent(completed, event);
    expect(quest(once, 'social_butterfly')).toMatchObject({ current: 6, target: 10, percent: 60, completed: false });
    expect(quest(once, 'first_service')).toBe(quest(completed, 'first_service'));
    // A quest the list does not hold (above the level) is not added by a count.
    expect(once.quests).toHaveLength(2);
    expect(applyProgressionEvent(once, event)).toBe(once);
  });

  it('the daily login sets the streak and the totals after it; older totals than the cache are left out', () => {
    expect(applyCheckIn(progress(), { awarded: null })).toEqual(progress());
    const answer = { awarded: { xp: 25, streak: 2 }, progress: { xp: 505, level: 1 } };
    expect(applyCheckIn(progress(), answer)).toMatchObject({
      streak: 2,
      xp: 505,
      level: 1,
      levelTitle: 'Explorer',
      progressPercent: 1,
      nextLevelXp: 1000,
    });
    // An xp-changed event of a later award was applied before the answer arrived: its totals stand.
    const later = applyProgressionEvent(progress(), { type: 'xp-changed', xp: 600, level: 1 });
    expect(applyCheckIn(later, answer)).toMatchObject({ streak: 2, xp: 600, level: 1 });
  });
});
