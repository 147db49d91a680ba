import type { presence } from '../../db/schema/presence';
import type { PresenceEvent } from '../../contracts/channels';
import { presenceChannels } from './presence.channels';
import type { EventBus } from '../../realtime/event-bus';

export type PresenceRow = typeof presence.$inferSelect;

export const toWire = (row: PresenceRow): PresenceEvent => ({
  userId: row.userId,
  onlineAt: row.onlineAt?.toISOString() ?? null,
  manualStatus: row.manualStatus ?? null,
});

/**
 * Presence goes straight to the bus, not through domain events: a heartbeat every few seconds per open page is no
 * change another feature reacts to, and recording each one in the outbox would write a row per beat.
 */
export function announcePresence(bus: EventBus, row: PresenceRow | undefined) {
  if (row) bus.publish(presenceChannels.presence, toWire(row));
}
