/** A quest as the Progress page lists it (progression.get's quests, and a level-up's newly offered quests). */
// Types, not interfaces: events are stored as JSON, and only type aliases are assignable to the Json type.
export type ProgressionQuestView = {
  slug: string;
  title: string;
  description: string;
  xp: number;
  minLevel: number;
  current: number;
  target: number;
  percent: number;
  completed: boolean;
  completedAt: string | null;
};

/** An unfinished quest's count as a review just read it (the page's current/target and bar). */
export type QuestCount = {
  slug: string;
  current: number;
  target: number;
  percent: number;
};

/**
 * What travels on a user's progression channel (progressionChannels.progression): each award as it happened, so the web
 * updates its cache and queues its celebrations from the event itself, never by refetching.
 */
export type ProgressionLiveEvent =
  | { type: 'xp-changed'; xp: number; level: number }
  | { type: 'badge-earned'; slug: string; earnedAt: string }
  | { type: 'quest-completed'; slug: string; title: string; xp: number }
  /** `quests`: those the new level offers that the old one did not (min_level), with their progress. */
  | { type: 'level-up'; level: number; quests: ProgressionQuestView[] }
  | { type: 'streak'; streak: number }
  /** The counts of the user's unfinished available quests after a review (messages sent, rooms joined...). */
  | { type: 'quest-progress'; quests: QuestCount[] };
