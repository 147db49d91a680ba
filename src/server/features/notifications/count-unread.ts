import type { Db } from '../../db/database';
import { unreadCountOf } from './notification-item';

/** The bell's number for the caller. */
export async function countUnread(deps: { db: Db }, actor: { id: string }): Promise<{ count: number }> {
  return { count: await unreadCountOf(deps.db, actor.id) };
}
