import { describe, expect, it } from 'vitest';
import { BADGES } from '../../../domain/progression/badges';
import { earnedBadgeCount, knownEarnedBadges } from './earned-badges';

const at = '2025-03-01T10:00:00.000Z';

describe('the earned badge count', () => {
  it('counts only the badges the app knows, each once, and lists them newest first', () => {
    const [first, second] = BADGES;
    const earned = [
      { slug: second.slug, earnedAt: at },
      { slug: 'retired_badge', earnedAt: at },
      { slug: first.slug, earnedAt: at },
      { slug: second.slug, earnedAt: at },
    ];
    expect(earnedBadgeCount(earned)).toBe(2);
    expect(knownEarnedBadges(earned).map((b) => b.slug)).toEqual([second.slug, first.slug]);
  });

  it('is 0 without badges or with unknown ones only', () => {
    expect(earnedBadgeCount([])).toBe(0);
    expect(earnedBadgeCount([{ slug: 'retired_badge', earnedAt: at }])).toBe(0);
  });

  it('reaches the 37 of the dialog when every badge is earned', () => {
    expect(earnedBadgeCount(BADGES.map((b) => ({ slug: b.slug, earnedAt: at })))).toBe(37);
  });
});
