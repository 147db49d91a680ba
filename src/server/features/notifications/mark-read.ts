import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema/notifications';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { unreadCountOf } from './notification-item';

/**
 * Marks one of the caller's own items read. Another member's id, or an unknown one, changes nothing and answers the
 * same, so ids cannot be probed. The caller's other tabs hear it (notifications.read).
 */
export async function markRead(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string },
): Promise<{ unreadCount: number }> {
  return inTransaction(deps, async (tx, emit) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, input.id), eq(notifications.recipientId, actor.id), isNull(notifications.readAt)))
      .returning({ readAt: notifications.readAt });
    const unreadCount = await unreadCountOf(tx, actor.id);
    const readAt = marked[0]?.readAt;
    if (readAt) {
      emit({
        type: 'notifications.read',
        recipientId: actor.id,
        ids: [input.id],
        readAt: readAt.toISOString(),
        unreadCount,
      });
    }
    return { unreadCount };
  });
}
