import { inArray, sql } from 'drizzle-orm';
import type { PresenceStatus } from '../../../domain/presence';
import type { Db } from '../../db/database';
import { presence } from '../../db/schema/presence';
import { channels, type PresenceEvent } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';

type PresenceRow = typeof presence.$inferSelect;

const toWire = (row: PresenceRow): PresenceEvent => ({
  userId: row.userId,
  onlineAt: row.onlineAt?.toISOString() ?? null,
  manualStatus: row.manualStatus ?? null,
});

function announce(bus: EventBus, row: PresenceRow | undefined) {
  if (row) bus.publish(channels.presence, toWire(row));
}

/** A heartbeat: the user has a page open now. */
export async function recordHeartbeat(db: Db, bus: EventBus, actor: { id: string }) {
  const [row] = await db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: sql`now()` })
    .onConflictDoUpdate({ target: presence.userId, set: { onlineAt: sql`now()` } })
    .returning();
  announce(bus, row);
  return { ok: true };
}

/** The page closed or the user signed out: they read offline at once. */
export async function withdrawPresence(db: Db, bus: EventBus, actor: { id: string }) {
  const [row] = await db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: null })
    .onConflictDoUpdate({ target: presence.userId, set: { onlineAt: null } })
    .returning();
  announce(bus, row);
  return { ok: true };
}

/** A status the user chose; null returns to the status derived from activity. */
export async function setPresenceStatus(db: Db, bus: EventBus, actor: { id: string }, status: PresenceStatus | null) {
  const [row] = await db
    .insert(presence)
    .values({ userId: actor.id, onlineAt: sql`now()`, manualStatus: status })
    .onConflictDoUpdate({ target: presence.userId, set: { manualStatus: status, onlineAt: sql`now()` } })
    .returning();
  announce(bus, row);
  return { ok: true };
}

/** Presence records of the given users (missing ones mean offline). */
export async function getPresence(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db.select().from(presence).where(inArray(presence.userId, userIds));
  return rows.map((r) => ({
    userId: r.userId,
    onlineAt: r.onlineAt?.toISOString() ?? null,
    manualStatus: r.manualStatus ?? null,
  }));
}
