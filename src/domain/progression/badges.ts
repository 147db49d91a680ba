import { type ProgressStats, profileFieldsDone } from './stats';

/**
 * The 37 badges in 8 categories (spec 1 sections 3, 4 and 9). The spec lists each badge's rule; slugs, names,
 * descriptions, icons, rarities and requirement texts are ours. Counting the spec's list: activity 2, communication
 * 4, streak 4, service 10, quality 7, community 3, profile 3, progression 4 = 37.
 * A badge is earned when a user_badges row with its slug exists; isEarned says when the server writes that row, and
 * a badge once earned stays earned (a deleted service does not take it back).
 */
export const BADGE_CATEGORIES = [
  'activity',
  'communication',
  'streak',
  'service',
  'quality',
  'community',
  'profile',
  'progression',
] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

export const BADGE_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type BadgeRarity = (typeof BADGE_RARITIES)[number];

/**
 * Names of lucide-react icons (checked against the package by the test). The web maps each to its component with
 * named imports, so the bundle carries these icons only.
 */
export const BADGE_ICONS = [
  'Rocket',
  'CircleCheck',
  'MessageCircle',
  'MessagesSquare',
  'Megaphone',
  'DoorOpen',
  'Flame',
  'Briefcase',
  'Store',
  'Building2',
  'Handshake',
  'Medal',
  'Trophy',
  'Zap',
  'Target',
  'CircleDollarSign',
  'Shapes',
  'ThumbsUp',
  'Heart',
  'Star',
  'Sparkles',
  'Award',
  'HandHelping',
  'HandHeart',
  'PenLine',
  'UserCheck',
  'Camera',
  'Images',
  'Gem',
  'TrendingUp',
  'Crown',
] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

/** The numeric stats a badge can require a minimum of. */
export type CountStat = Exclude<
  {
    [K in keyof ProgressStats]: ProgressStats[K] extends number ? K : never;
  }[keyof ProgressStats],
  undefined
>;

export type BadgeRule =
  | { kind: 'atLeast'; stat: CountStat; min: number }
  /** Average rating received at or above `min`, over at least `minReviews` reviews. */
  | { kind: 'averageRating'; min: number; minReviews: number }
  | { kind: 'profileComplete' }
  | { kind: 'avatar' };

export interface BadgeDefinition {
  slug: string;
  name: string;
  description: string;
  icon: BadgeIcon;
  category: BadgeCategory;
  rarity: BadgeRarity;
  /** What a locked badge tells the user to do. */
  requirement: string;
  rule: BadgeRule;
}

const atLeast = (stat: CountStat, min: number): BadgeRule => ({ kind: 'atLeast', stat, min });

export const BADGES = [
  // activity
  {
    slug: 'first_service_created',
    name: 'First Steps',
    description: 'You put your first skill on the marketplace.',
    icon: 'Rocket',
    category: 'activity',
    rarity: 'common',
    requirement: 'Create your first service',
    rule: atLeast('servicesCreated', 1),
  },
  {
    slug: 'first_service_completed',
    name: 'Mission Accomplished',
    description: 'You completed your first service for a client.',
    icon: 'CircleCheck',
    category: 'activity',
    rarity: 'common',
    requirement: 'Complete your first service',
    rule: atLeast('servicesCompleted', 1),
  },
  // communication
  {
    slug: 'messages_10',
    name: 'Chatterbox',
    description: 'You sent 10 messages.',
    icon: 'MessageCircle',
    category: 'communication',
    rarity: 'common',
    requirement: 'Send 10 messages',
    rule: atLeast('messagesSent', 10),
  },
  {
    slug: 'messages_50',
    name: 'Conversationalist',
    description: 'You sent 50 messages.',
    icon: 'MessagesSquare',
    category: 'communication',
    rarity: 'uncommon',
    requirement: 'Send 50 messages',
    rule: atLeast('messagesSent', 50),
  },
  {
    slug: 'messages_100',
    name: 'Communicator',
    description: 'You sent 100 messages.',
    icon: 'Megaphone',
    category: 'communication',
    rarity: 'rare',
    requirement: 'Send 100 messages',
    rule: atLeast('messagesSent', 100),
  },
  {
    slug: 'rooms_5',
    name: 'Room Hopper',
    description: 'You joined 5 chat rooms.',
    icon: 'DoorOpen',
    category: 'communication',
    rarity: 'uncommon',
    requirement: 'Join 5 chat rooms',
    rule: atLeast('roomsJoined', 5),
  },
  // streak
  {
    slug: 'streak_3',
    name: 'Warming Up',
    description: 'You logged in 3 days in a row.',
    icon: 'Flame',
    category: 'streak',
    rarity: 'common',
    requirement: 'Reach a 3-day login streak',
    rule: atLeast('streak', 3),
  },
  {
    slug: 'streak_7',
    name: 'On Fire',
    description: 'You logged in 7 days in a row.',
    icon: 'Flame',
    category: 'streak',
    rarity: 'uncommon',
    requirement: 'Reach a 7-day login streak',
    rule: atLeast('streak', 7),
  },
  {
    slug: 'streak_14',
    name: 'Unstoppable',
    description: 'You logged in 14 days in a row.',
    icon: 'Flame',
    category: 'streak',
    rarity: 'rare',
    requirement: 'Reach a 14-day login streak',
    rule: atLeast('streak', 14),
  },
  {
    slug: 'streak_30',
    name: 'Dedicated',
    description: 'You logged in 30 days in a row.',
    icon: 'Flame',
    category: 'streak',
    rarity: 'epic',
    requirement: 'Reach a 30-day login streak',
    rule: atLeast('streak', 30),
  },
  // service
  {
    slug: 'services_created_5',
    name: 'Entrepreneur',
    description: 'You offer 5 services.',
    icon: 'Briefcase',
    category: 'service',
    rarity: 'uncommon',
    requirement: 'Create 5 services',
    rule: atLeast('servicesCreated', 5),
  },
  {
    slug: 'services_created_10',
    name: 'Business Builder',
    description: 'You offer 10 services.',
    icon: 'Store',
    category: 'service',
    rarity: 'rare',
    requirement: 'Create 10 services',
    rule: atLeast('servicesCreated', 10),
  },
  {
    slug: 'services_created_25',
    name: 'Service Mogul',
    description: 'You offer 25 services.',
    icon: 'Building2',
    category: 'service',
    rarity: 'epic',
    requirement: 'Create 25 services',
    rule: atLeast('servicesCreated', 25),
  },
  {
    slug: 'services_completed_5',
    name: 'Reliable',
    description: 'You completed 5 services.',
    icon: 'Handshake',
    category: 'service',
    rarity: 'uncommon',
    requirement: 'Complete 5 services',
    rule: atLeast('servicesCompleted', 5),
  },
  {
    slug: 'services_completed_20',
    name: 'Seasoned Pro',
    description: 'You completed 20 services.',
    icon: 'Medal',
    category: 'service',
    rarity: 'rare',
    requirement: 'Complete 20 services',
    rule: atLeast('servicesCompleted', 20),
  },
  {
    slug: 'services_completed_50',
    name: 'Service Legend',
    description: 'You completed 50 services.',
    icon: 'Trophy',
    category: 'service',
    rarity: 'legendary',
    requirement: 'Complete 50 services',
    rule: atLeast('servicesCompleted', 50),
  },
  {
    slug: 'speed_demon',
    name: 'Speed Demon',
    description: 'You completed 3 services within 24 hours.',
    icon: 'Zap',
    category: 'service',
    rarity: 'rare',
    requirement: 'Complete 3 services within 24 hours',
    rule: atLeast('maxCompletedIn24h', 3),
  },
  {
    slug: 'category_specialist',
    name: 'Specialist',
    description: 'You completed 10 services in one category.',
    icon: 'Target',
    category: 'service',
    rarity: 'rare',
    requirement: 'Complete 10 services in one category',
    rule: atLeast('maxCompletedInOneCategory', 10),
  },
  {
    slug: 'earnings_500',
    name: 'Money Maker',
    description: 'You earned $500 or more from your services.',
    icon: 'CircleDollarSign',
    category: 'service',
    rarity: 'epic',
    requirement: 'Earn $500 or more',
    rule: atLeast('earningsCents', 50_000),
  },
  {
    slug: 'versatile',
    name: 'Jack of All Trades',
    description: 'You offer services in 5 categories.',
    icon: 'Shapes',
    category: 'service',
    rarity: 'rare',
    requirement: 'Offer services in 5 categories',
    rule: atLeast('categoriesWithServices', 5),
  },
  // quality
  {
    slug: 'good_reviews_5',
    name: 'Well Reviewed',
    description: 'You received 5 reviews of four stars or more.',
    icon: 'ThumbsUp',
    category: 'quality',
    rarity: 'common',
    requirement: 'Receive 5 reviews of 4 stars or more',
    rule: atLeast('reviewsFourPlus', 5),
  },
  {
    slug: 'good_reviews_15',
    name: 'Highly Rated',
    description: 'You received 15 reviews of four stars or more.',
    icon: 'ThumbsUp',
    category: 'quality',
    rarity: 'uncommon',
    requirement: 'Receive 15 reviews of 4 stars or more',
    rule: atLeast('reviewsFourPlus', 15),
  },
  {
    slug: 'good_reviews_30',
    name: 'Crowd Favorite',
    description: 'You received 30 reviews of four stars or more.',
    icon: 'Heart',
    category: 'quality',
    rarity: 'rare',
    requirement: 'Receive 30 reviews of 4 stars or more',
    rule: atLeast('reviewsFourPlus', 30),
  },
  {
    slug: 'five_star_3',
    name: 'Rising Star',
    description: 'You received 3 five-star reviews.',
    icon: 'Star',
    category: 'quality',
    rarity: 'uncommon',
    requirement: 'Receive 3 five-star reviews',
    rule: atLeast('reviewsFiveStar', 3),
  },
  {
    slug: 'five_star_10',
    name: 'Star Performer',
    description: 'You received 10 five-star reviews.',
    icon: 'Star',
    category: 'quality',
    rarity: 'rare',
    requirement: 'Receive 10 five-star reviews',
    rule: atLeast('reviewsFiveStar', 10),
  },
  {
    slug: 'five_star_25',
    name: 'Superstar',
    description: 'You received 25 five-star reviews.',
    icon: 'Sparkles',
    category: 'quality',
    rarity: 'epic',
    requirement: 'Receive 25 five-star reviews',
    rule: atLeast('reviewsFiveStar', 25),
  },
  {
    slug: 'top_rated',
    name: 'Top Rated',
    description: 'Your average rating is 4.5 or more over at least 10 reviews.',
    icon: 'Award',
    category: 'quality',
    rarity: 'legendary',
    requirement: 'Keep an average rating of 4.5 or more with at least 10 reviews',
    rule: { kind: 'averageRating', min: 4.5, minReviews: 10 },
  },
  // community
  {
    slug: 'helped_5',
    name: 'Helping Hand',
    description: 'You helped 5 different people with your services.',
    icon: 'HandHelping',
    category: 'community',
    rarity: 'uncommon',
    requirement: 'Complete services for 5 different people',
    rule: atLeast('usersHelped', 5),
  },
  {
    slug: 'helped_15',
    name: 'Community Hero',
    description: 'You helped 15 different people with your services.',
    icon: 'HandHeart',
    category: 'community',
    rarity: 'rare',
    requirement: 'Complete services for 15 different people',
    rule: atLeast('usersHelped', 15),
  },
  {
    slug: 'reviewer_5',
    name: 'Feedback Giver',
    description: 'You left 5 reviews for others.',
    icon: 'PenLine',
    category: 'community',
    rarity: 'common',
    requirement: 'Leave 5 reviews',
    rule: atLeast('reviewsLeft', 5),
  },
  // profile
  {
    slug: 'profile_complete',
    name: 'All Set',
    description: 'Your profile has your name, a bio and a picture.',
    icon: 'UserCheck',
    category: 'profile',
    rarity: 'common',
    requirement: 'Add your first and last name, a bio of more than 10 characters and a profile picture',
    rule: { kind: 'profileComplete' },
  },
  {
    slug: 'profile_picture',
    name: 'Picture Perfect',
    description: 'You added a profile picture.',
    icon: 'Camera',
    category: 'profile',
    rarity: 'common',
    requirement: 'Upload a profile picture',
    rule: { kind: 'avatar' },
  },
  {
    slug: 'portfolio_3',
    name: 'Showcase',
    description: 'You added 3 items to your portfolio.',
    icon: 'Images',
    category: 'profile',
    rarity: 'uncommon',
    requirement: 'Add 3 portfolio items',
    rule: atLeast('portfolioItems', 3),
  },
  // progression
  {
    slug: 'xp_500',
    name: 'XP Rookie',
    description: 'You earned 500 XP.',
    icon: 'Sparkles',
    category: 'progression',
    rarity: 'common',
    requirement: 'Earn 500 XP',
    rule: atLeast('xp', 500),
  },
  {
    slug: 'xp_2000',
    name: 'XP Hunter',
    description: 'You earned 2,000 XP.',
    icon: 'Gem',
    category: 'progression',
    rarity: 'uncommon',
    requirement: 'Earn 2,000 XP',
    rule: atLeast('xp', 2000),
  },
  {
    slug: 'level_3',
    name: 'Climbing Up',
    description: 'You reached level 3.',
    icon: 'TrendingUp',
    category: 'progression',
    rarity: 'uncommon',
    requirement: 'Reach level 3',
    rule: atLeast('level', 3),
  },
  {
    slug: 'level_10',
    name: 'Grandmaster',
    description: 'You reached level 10.',
    icon: 'Crown',
    category: 'progression',
    rarity: 'legendary',
    requirement: 'Reach level 10',
    rule: atLeast('level', 10),
  },
] as const satisfies readonly BadgeDefinition[];

export type BadgeSlug = (typeof BADGES)[number]['slug'];
export const BADGE_SLUGS: readonly BadgeSlug[] = BADGES.map((b) => b.slug);
export const BADGE_COUNT = BADGES.length;

const bySlug = new Map<string, BadgeDefinition>(BADGES.map((b) => [b.slug, b]));

/** The definition behind a user_badges row; undefined for a slug this release no longer knows (the web skips it). */
export function badgeDefinition(slug: string): BadgeDefinition | undefined {
  return bySlug.get(slug);
}

export function badgesInCategory(category: BadgeCategory): BadgeDefinition[] {
  return BADGES.filter((b) => b.category === category);
}

export function isEarned(badge: Pick<BadgeDefinition, 'rule'>, stats: ProgressStats): boolean {
  const rule = badge.rule;
  switch (rule.kind) {
    case 'atLeast':
      return stats[rule.stat] >= rule.min;
    case 'averageRating':
      // ratingTotal / reviews >= min, in integers: a float average of 4.4999... never costs a badge.
      return (
        stats.reviewsReceived >= rule.minReviews && stats.ratingTotal * 10 >= rule.min * 10 * stats.reviewsReceived
      );
    case 'profileComplete':
      return profileFieldsDone(stats.profile) === 4;
    case 'avatar':
      return stats.profile.avatar;
  }
}

/** The slugs the stats earn, in list order: the server writes a user_badges row for each one not yet held. */
export function earnedBadges(stats: ProgressStats): BadgeSlug[] {
  return BADGES.filter((b) => isEarned(b, stats)).map((b) => b.slug);
}
