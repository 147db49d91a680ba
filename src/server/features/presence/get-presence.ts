import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { presence } from '../../db/schema/presence';
import { toWire } from './presence-wire';

/** Presence records of the given users (missing ones mean offline). */
export async function getPresence(deps: { db: Db }, _actor: { id: string }, input: { userIds: string[] }) {
  if (input.userIds.length === 0) return [];
  const rows = await deps.db.select().from(presence).where(inArray(presence.userId, input.userIds));
  return rows.map(toWire);
}
