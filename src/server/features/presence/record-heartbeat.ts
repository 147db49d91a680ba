import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { presence } from '../../db/schema/presence';
import type { EventBus } from '../../realtime/event-bus';
import { announcePresence } from './presence-wire';

/** A heartbeat: the user has a page open now. */
export async function recordHeartbeat(deps: { db: Db; bus: EventBus }, actor: { id: string }, _input: void) {
  const [row] = await deps.db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: sql`now()` })
    .onConflictDoUpdate({ target: presence.userId, set: { onlineAt: sql`now()` } })
    .returning();
  announcePresence(deps.bus, row);
  return { ok: true };
}
