import { type ProgressStats, profileFieldsDone } from './stats';

/**
 * The 17 quests (spec 1 sections 3, 4 and 9). Slugs and targets are the spec's; it gives neither titles, XP,
 * min_level nor the fixed descriptions, so those are ours: XP from 25 for a first message to 500 for the hardest,
 * against a level span of 500, and min_level above 0 only where the quest makes no sense for a beginner.
 * These rows seed the quests table; the server keeps the table in step with this list.
 */
export interface QuestDefinition {
  slug: string;
  title: string;
  description: string;
  xp: number;
  /** The quest is offered (listed and completed) only from this level on. */
  minLevel: number;
  target: number;
  /** The count the quest measures, from the user's stats. */
  count: (stats: ProgressStats) => number;
}

const messages = (s: ProgressStats) => s.messagesSent;
const servicesCreated = (s: ProgressStats) => s.servicesCreated;
const servicesCompleted = (s: ProgressStats) => s.servicesCompleted;
const xp = (s: ProgressStats) => s.xp;

export const QUESTS = [
  {
    slug: 'complete_profile',
    title: 'Complete Your Profile',
    description: 'Add your first name, last name, a bio of more than 10 characters and a profile picture.',
    xp: 100,
    minLevel: 0,
    target: 4,
    count: (s) => profileFieldsDone(s.profile),
  },
  {
    slug: 'first_service',
    title: 'Offer Your First Service',
    description: 'Create your first service so others can find your skills.',
    xp: 100,
    minLevel: 0,
    target: 1,
    count: servicesCreated,
  },
  {
    slug: 'first_chat',
    title: 'Say Hello',
    description: 'Send your first message in a conversation or a chat room.',
    xp: 25,
    minLevel: 0,
    target: 1,
    count: messages,
  },
  {
    slug: 'social_butterfly',
    title: 'Social Butterfly',
    description: 'Send 10 messages.',
    xp: 50,
    minLevel: 0,
    target: 10,
    count: messages,
  },
  {
    slug: 'message_master',
    title: 'Message Master',
    description: 'Send 50 messages.',
    xp: 150,
    minLevel: 1,
    target: 50,
    count: messages,
  },
  {
    slug: 'join_chat_rooms',
    title: 'Join the Conversation',
    description: 'Join 3 chat rooms.',
    xp: 75,
    minLevel: 0,
    target: 3,
    count: (s) => s.roomsJoined,
  },
  {
    slug: 'service_provider',
    title: 'Service Provider',
    description: 'Create 5 services.',
    xp: 200,
    minLevel: 1,
    target: 5,
    count: servicesCreated,
  },
  {
    slug: 'complete_service',
    title: 'Job Done',
    description: 'Complete your first service for a client.',
    xp: 150,
    minLevel: 0,
    target: 1,
    count: servicesCompleted,
  },
  {
    slug: 'service_expert',
    title: 'Service Expert',
    description: 'Complete 5 services for clients.',
    xp: 400,
    minLevel: 3,
    target: 5,
    count: servicesCompleted,
  },
  {
    slug: 'xp_collector',
    title: 'XP Collector',
    description: 'Earn 1,000 XP.',
    xp: 100,
    minLevel: 0,
    target: 1000,
    count: xp,
  },
  {
    slug: 'level_up_expert',
    title: 'Level Up Expert',
    description: 'Reach level 5.',
    xp: 250,
    minLevel: 3,
    target: 5,
    count: (s) => s.level,
  },
  {
    slug: 'streak_master',
    title: 'Streak Master',
    description: 'Log in 14 days in a row.',
    xp: 300,
    minLevel: 0,
    target: 14,
    count: (s) => s.streak,
  },
  {
    slug: 'first_avatar',
    title: 'Show Your Face',
    description: 'Upload a profile picture.',
    xp: 50,
    minLevel: 0,
    target: 1,
    count: (s) => (s.profile.avatar ? 1 : 0),
  },
  {
    slug: 'write_bio',
    title: 'Tell Your Story',
    description: 'Write a bio of more than 10 characters.',
    xp: 50,
    minLevel: 0,
    target: 1,
    count: (s) => (s.profile.bio ? 1 : 0),
  },
  {
    slug: 'share_portfolio',
    title: 'Show Your Work',
    description: 'Add 3 items to your portfolio.',
    xp: 150,
    minLevel: 0,
    target: 3,
    count: (s) => s.portfolioItems,
  },
  {
    slug: 'first_review',
    title: 'First Review',
    description: 'Receive your first review from a client.',
    xp: 100,
    minLevel: 0,
    target: 1,
    count: (s) => s.reviewsReceived,
  },
  {
    slug: 'xp_master_5k',
    title: 'XP Master',
    description: 'Earn 5,000 XP.',
    xp: 500,
    minLevel: 5,
    target: 5000,
    count: xp,
  },
] as const satisfies readonly QuestDefinition[];

export type QuestSlug = (typeof QUESTS)[number]['slug'];
export const QUEST_SLUGS: readonly QuestSlug[] = QUESTS.map((q) => q.slug);

/** The description of a quest row whose slug this list does not know (spec: "a default"). */
export const DEFAULT_QUEST_DESCRIPTION = 'Complete this quest to earn XP.';
/** Bounds of a quest row's fields, for the table and any admin-made quest. */
export const QUEST_TITLE_MAX = 80;
export const QUEST_SLUG_MAX = 50;

const bySlug = new Map<string, QuestDefinition>(QUESTS.map((q) => [q.slug, q]));

export function questDefinition(slug: string): QuestDefinition | undefined {
  return bySlug.get(slug);
}

export function questDescription(slug: string): string {
  return bySlug.get(slug)?.description ?? DEFAULT_QUEST_DESCRIPTION;
}

/** The spec's target for a slug; an unknown slug has target 1 (and never any progress). */
export function questTarget(slug: string): number {
  return bySlug.get(slug)?.target ?? 1;
}

export interface QuestProgress {
  /** Capped at the target: a bar reads 50/50, not 73/50. */
  current: number;
  target: number;
  /** Whole percent, 0..100. */
  percent: number;
  complete: boolean;
}

export function questProgress(slug: string, stats: ProgressStats): QuestProgress {
  const quest = bySlug.get(slug);
  const target = quest?.target ?? 1;
  const raw = quest ? quest.count(stats) : 0;
  const count = Number.isFinite(raw) ? Math.max(0, Math.floor(raw)) : 0;
  const current = Math.min(count, target);
  return { current, target, percent: Math.floor((current / target) * 100), complete: current >= target };
}

/** Quests are offered from their min_level on (spec 1 section 7: min_level at or below the user's level). */
export function isQuestAvailable(quest: { minLevel: number }, level: number): boolean {
  return quest.minLevel <= level;
}

/**
 * The quests the stats complete and the user's level makes available: what the server completes (once each, with
 * their XP) when it handles an event. A quest above the user's level waits until the level is reached.
 */
export function completableQuests(stats: ProgressStats): QuestSlug[] {
  return QUESTS.filter((q) => isQuestAvailable(q, stats.level) && questProgress(q.slug, stats).complete).map(
    (q) => q.slug,
  );
}
