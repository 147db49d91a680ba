/**
 * What travels on a user's progression channel (channels.progression): each award as it happened, so the web
 * updates its cache and queues its celebrations from the event itself, never by refetching.
 */
export type ProgressionLiveEvent =
  | { type: 'xp-changed'; xp: number; level: number }
  | { type: 'badge-earned'; slug: string; earnedAt: string }
  | { type: 'quest-completed'; slug: string; title: string; xp: number }
  | { type: 'level-up'; level: number }
  | { type: 'streak'; streak: number };
