import type { RoomListChannelEvent } from '../../contracts/room-events';
import { defineChannel } from '../../realtime/channels';

/** The live channels of unread counts. */
export const chatEssentialsChannels = {
  /**
   * Every room's new member messages (ids only, never words), for the rooms lists' unread counts: each list's
   * subscription keeps only the rooms its viewer is a member of (watch-room-list.ts), so nothing of a private room
   * reaches anyone else's browser. One event per message, whatever the room's size.
   */
  roomActivity: defineChannel<RoomListChannelEvent>('room-activity'),
} as const;
