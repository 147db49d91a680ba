import type { ProgressionLiveEvent } from '../../contracts/progression-events';
import { defineChannel } from '../../realtime/channels';

/** Progression's live channel. */
export const progressionChannels = {
  /** What the server awarded one user (XP, level, badges, quests, streak): that user's own tabs only. */
  progression: (userId: string) => defineChannel<ProgressionLiveEvent>(`progression:${userId}`),
} as const;
