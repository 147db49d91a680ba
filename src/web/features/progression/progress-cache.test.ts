import { describe, expect, it } from 'vitest';
import { applyProgressionEvent, type Progress } from './progress-cache';

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
    ],
    questsCompleted: 0,
    messageXpHelp: '',
  };
}

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
    expect(once.quests[0]).toMatchObject({ completed: true, current: 1, percent: 100, completedAt: now.toISOString() });
    expect(once.quests[1]).toMatchObject({ completed: false, current: 4 });
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

  it('the streak takes the event’s value; a level-up alone leaves the bar for the XP event', () => {
    expect(applyProgressionEvent(progress(), { type: 'streak', streak: 5 }).streak).toBe(5);
    const p = progress();
    expect(applyProgressionEvent(p, { type: 'level-up', level: 1 })).toBe(p);
  });

  it('a quest the list does not hold (above the user’s level) changes nothing', () => {
    const p = progress();
    expect(
      applyProgressionEvent(p, { type: 'quest-completed', slug: 'xp_master_5k', title: 'XP Master', xp: 500 }),
    ).toBe(p);
  });
});
