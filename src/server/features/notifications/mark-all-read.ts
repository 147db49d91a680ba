import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema/notifications';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';

/** Marks every one of the caller's items read (at most kept-per-member rows, through the unread index). */
export async function markAllRead(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
): Promise<{ unreadCount: number }> {
  return inTransaction(deps, async (tx, emit) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.recipientId, actor.id), isNull(notifications.readAt)))
      .returning({ readAt: notifications.readAt });
    const readAt = marked[0]?.readAt;
    if (readAt) {
      emit({
        type: 'notifications.read',
        recipientId: actor.id,
        ids: null,
        readAt: readAt.toISOString(),
        unreadCount: 0,
      });
    }
    return { unreadCount: 0 };
  });
}
