import { and, desc, sql } from 'drizzle-orm';
import { NOTIFICATION_LIMITS, type NotificationItem } from '../../../domain/notifications';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema/notifications';
import { itemOf, readableBy } from './notification-item';

export type NotificationCursor = { updatedAt: string; id: string };

/** The caller's items, newest first, one bounded page at a time (keyset on the newest time and the id). */
export async function listNotifications(
  deps: { db: Db },
  actor: { id: string },
  input: { limit?: number; cursor?: NotificationCursor | null },
): Promise<{ items: NotificationItem[]; nextCursor: NotificationCursor | null }> {
  const limit = Math.min(input.limit ?? NOTIFICATION_LIMITS.pageDefault, NOTIFICATION_LIMITS.pageMax);
  const after = input.cursor
    ? sql`(${notifications.updatedAt}, ${notifications.id}) < (${input.cursor.updatedAt}::timestamptz, ${input.cursor.id}::uuid)`
    : undefined;
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(and(readableBy(actor.id), after))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(itemOf);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? { updatedAt: last.updatedAt, id: last.id } : null,
  };
}
