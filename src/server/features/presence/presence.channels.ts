import type { PresenceEvent } from '../../contracts/channels';
import { defineChannel } from '../../realtime/channels';

/** Presence's live channel. */
export const presenceChannels = {
  /**
   * Every heartbeat, status change and withdrawal: internal to the server. Clients never subscribe to it whole;
   * `presence.events` passes on only the users a signed-in page shows.
   */
  presence: defineChannel<PresenceEvent>('presence'),
} as const;
