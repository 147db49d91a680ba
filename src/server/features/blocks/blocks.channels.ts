import type { BlockLiveEvent } from '../../contracts/block-events';
import { defineChannel } from '../../realtime/channels';

export const blocksChannels = {
  /** One member's blocks as they change: that member's own tabs only (the blocked side hears nothing). */
  blocksOf: (userId: string) => defineChannel<BlockLiveEvent>(`blocks:${userId}`),
} as const;
