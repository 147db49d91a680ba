import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationItem } from '../../../domain/notifications';
import type { Db, Tx } from '../../db/database';
import { notifications } from '../../db/schema/notifications';
import { chatRoomMembers } from '../../db/schema/rooms';

type NotificationRow = typeof notifications.$inferSelect;

/** A row as the client shows it. */
export function itemOf(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    count: row.count,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What a member may still read: items about no room, or about a room they are a member of. The handlers delete the
 * others when a member leaves; this check also holds for whatever a handler has not reached yet.
 */
export function readableBy(userId: string): SQL {
  return and(
    eq(notifications.recipientId, userId),
    or(
      isNull(notifications.roomId),
      sql`exists (select 1 from ${chatRoomMembers} m
        where m.room_id = ${notifications.roomId} and m.user_id = ${notifications.recipientId})`,
    ),
  )!;
}

/** The bell's number: unread items the member may read (the partial unread index, at most kept-per-member rows). */
export async function unreadCountOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(readableBy(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}
