import { sql } from 'drizzle-orm';
import type { PresenceStatus } from '../../../domain/presence';
import type { Db } from '../../db/database';
import { presence } from '../../db/schema/presence';
import type { EventBus } from '../../realtime/event-bus';
import { announcePresence } from './presence-wire';

/** A status the user chose; null returns to the status derived from activity. */
export async function setPresenceStatus(
  deps: { db: Db; bus: EventBus },
  actor: { id: string },
  input: { status: PresenceStatus | null },
) {
  const [row] = await deps.db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: sql`now()`, manualStatus: input.status })
    .onConflictDoUpdate({ target: presence.userId, set: { manualStatus: input.status, onlineAt: sql`now()` } })
    .returning();
  announcePresence(deps.bus, row);
  return { ok: true };
}
