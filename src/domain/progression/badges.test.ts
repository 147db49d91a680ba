import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import {
  BADGE_CATEGORIES,
  BADGE_ICONS,
  BADGE_RARITIES,
  BADGES,
  badgeDefinition,
  badgesInCategory,
  earnedBadges,
  isEarned,
  type BadgeSlug,
} from './badges';
import { EMPTY_PROGRESS_STATS, type ProgressStats } from './stats';

const stats = (over: Partial<ProgressStats>): ProgressStats => ({ ...EMPTY_PROGRESS_STATS, ...over });
const earned = (slug: BadgeSlug, s: ProgressStats) => isEarned(badgeDefinition(slug)!, s);

describe('the 37 badges (spec 1, section 9)', () => {
  it('are 37, in the eight categories as the spec counts them', () => {
    expect(BADGES).toHaveLength(37);
    expect(Object.fromEntries(BADGE_CATEGORIES.map((c) => [c, badgesInCategory(c).length]))).toEqual({
      activity: 2,
      communication: 4,
      streak: 4,
      service: 10,
      quality: 7,
      community: 3,
      profile: 3,
      progression: 4,
    });
  });

  it('each has a unique slug and name, a description, a requirement, a known rarity and a lucide icon', () => {
    expect(new Set(BADGES.map((b) => b.slug)).size).toBe(37);
    expect(new Set(BADGES.map((b) => b.name)).size).toBe(37);
    for (const badge of BADGES) {
      expect(badge.slug).toMatch(/^[a-z0-9_]{1,50}$/);
      expect(badge.description.length).toBeGreaterThan(0);
      expect(badge.requirement.length).toBeGreaterThan(0);
      expect(BADGE_RARITIES).toContain(badge.rarity);
    }
    for (const icon of BADGE_ICONS) expect(lucide, icon).toHaveProperty(icon);
    // Every rarity is used, so the dialog's rarity styles all have a badge to show.
    expect(new Set(BADGES.map((b) => b.rarity))).toEqual(new Set(BADGE_RARITIES));
  });

  it('an unknown slug has no definition', () => {
    expect(badgeDefinition('retired_badge')).toBeUndefined();
  });

  it('a new user has none', () => {
    expect(earnedBadges(EMPTY_PROGRESS_STATS)).toEqual([]);
  });
});

describe('badge rules, each at its threshold and just below', () => {
  it.each([
    ['first_service_created', 'servicesCreated', 1],
    ['first_service_completed', 'servicesCompleted', 1],
    ['messages_10', 'messagesSent', 10],
    ['messages_50', 'messagesSent', 50],
    ['messages_100', 'messagesSent', 100],
    ['rooms_5', 'roomsJoined', 5],
    ['streak_3', 'streak', 3],
    ['streak_7', 'streak', 7],
    ['streak_14', 'streak', 14],
    ['streak_30', 'streak', 30],
    ['services_created_5', 'servicesCreated', 5],
    ['services_created_10', 'servicesCreated', 10],
    ['services_created_25', 'servicesCreated', 25],
    ['services_completed_5', 'servicesCompleted', 5],
    ['services_completed_20', 'servicesCompleted', 20],
    ['services_completed_50', 'servicesCompleted', 50],
    ['speed_demon', 'maxCompletedIn24h', 3],
    ['category_specialist', 'maxCompletedInOneCategory', 10],
    ['earnings_500', 'earningsCents', 50_000],
    ['versatile', 'categoriesWithServices', 5],
    ['good_reviews_5', 'reviewsFourPlus', 5],
    ['good_reviews_15', 'reviewsFourPlus', 15],
    ['good_reviews_30', 'reviewsFourPlus', 30],
    ['five_star_3', 'reviewsFiveStar', 3],
    ['five_star_10', 'reviewsFiveStar', 10],
    ['five_star_25', 'reviewsFiveStar', 25],
    ['helped_5', 'usersHelped', 5],
    ['helped_15', 'usersHelped', 15],
    ['reviewer_5', 'reviewsLeft', 5],
    ['portfolio_3', 'portfolioItems', 3],
    ['xp_500', 'xp', 500],
    ['xp_2000', 'xp', 2000],
    ['level_3', 'level', 3],
    ['level_10', 'level', 10],
  ] as const)('%s needs %s >= %i', (slug, stat, min) => {
    expect(earned(slug, stats({ [stat]: min }))).toBe(true);
    expect(earned(slug, stats({ [stat]: min + 7 }))).toBe(true);
    expect(earned(slug, stats({ [stat]: min - 1 }))).toBe(false);
  });

  it('earning $500 means 50,000 cents, not 49,999', () => {
    expect(earned('earnings_500', stats({ earningsCents: 49_999 }))).toBe(false);
  });

  it('top_rated needs an average of 4.5 or more over at least 10 reviews', () => {
    expect(earned('top_rated', stats({ reviewsReceived: 10, ratingTotal: 45 }))).toBe(true);
    expect(earned('top_rated', stats({ reviewsReceived: 10, ratingTotal: 44 }))).toBe(false);
    expect(earned('top_rated', stats({ reviewsReceived: 9, ratingTotal: 45 }))).toBe(false);
    expect(earned('top_rated', stats({ reviewsReceived: 30, ratingTotal: 135 }))).toBe(true);
    expect(earned('top_rated', stats({ reviewsReceived: 30, ratingTotal: 134 }))).toBe(false);
  });

  it('profile_complete needs all four fields; profile_picture only the avatar', () => {
    const three = { firstName: true, lastName: true, bio: false, avatar: true };
    expect(earned('profile_complete', stats({ profile: three }))).toBe(false);
    expect(earned('profile_complete', stats({ profile: { ...three, bio: true } }))).toBe(true);
    expect(earned('profile_picture', stats({ profile: three }))).toBe(true);
    expect(earned('profile_picture', stats({ profile: { ...three, avatar: false } }))).toBe(false);
  });

  it('lists every badge the stats earn, in list order', () => {
    expect(earnedBadges(stats({ messagesSent: 60, streak: 7, xp: 600, level: 1 }))).toEqual([
      'messages_10',
      'messages_50',
      'streak_3',
      'streak_7',
      'xp_500',
    ]);
  });
});
