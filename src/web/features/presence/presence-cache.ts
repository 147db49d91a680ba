import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

/**
 * One user's cached presence: presence.of answered for that user alone (the dots cache one entry per user), an
 * empty list when they have no record (never seen: offline).
 */
export type PresenceRecords = inferRouterOutputs<AppRouter>['presence']['of'];
export type PresenceChange = PresenceRecords[number];

/**
 * A user's cached presence after a live change, which carries their whole record. An unchanged record keeps the
 * cached list (a heartbeat that moves nothing re-renders no dot).
 */
export function applyPresenceChange(cached: PresenceRecords | undefined, change: PresenceChange): PresenceRecords {
  const [current] = cached ?? [];
  if (current && current.onlineAt === change.onlineAt && current.manualStatus === change.manualStatus) return cached!;
  return [change];
}
