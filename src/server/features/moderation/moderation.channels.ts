import type { ModerationLiveEvent } from '../../contracts/moderation-events';
import { defineChannel } from '../../realtime/channels';

/** Polls' and reports' live channels. */
export const moderationChannels = {
  /** Polls opened, voted on and closed: every signed-in member (polls.events). */
  polls: defineChannel<ModerationLiveEvent>('polls'),
  /** Reports and poll outcomes, for admins only (reports.adminEvents checks the role). */
  moderationAdmin: defineChannel<ModerationLiveEvent>('moderation-admin'),
} as const;
