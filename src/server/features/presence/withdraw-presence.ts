import type { Db } from '../../db/database';
import { presence } from '../../db/schema/presence';
import type { EventBus } from '../../realtime/event-bus';
import { announcePresence } from './presence-wire';

/** The page closed or the user signed out: they read offline at once. */
export async function withdrawPresence(deps: { db: Db; bus: EventBus }, actor: { id: string }, _input: void) {
  const [row] = await deps.db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: null })
    .onConflictDoUpdate({ target: presence.userId, set: { onlineAt: null } })
    .returning();
  announcePresence(deps.bus, row);
  return { ok: true };
}
