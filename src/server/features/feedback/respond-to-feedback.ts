import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { feedback } from '../../db/schema/feedback';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { loadAdminItem } from './feedback-data';
import type { FeedbackAdminItem } from './feedback-events';

/**
 * An admin answers an item (admins only, checked by the router): at any time, resolved or not, replacing an earlier
 * answer; it never resolves the item (spec 2 section 4). Recorded in the audit log with the change.
 */
export async function respondToFeedback(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { id: string; response: string },
): Promise<FeedbackAdminItem> {
  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .update(feedback)
      .set({ adminResponse: input.response, respondedAt: new Date(), respondedBy: admin.id })
      .where(eq(feedback.id, input.id))
      .returning({ id: feedback.id, userId: feedback.userId });
    if (!row) throw new AppError('NOT_FOUND');
    await tx.insert(auditEvents).values({
      action: 'feedback.responded',
      actorId: admin.id,
      subjectId: row.id,
      details: { authorId: row.userId, responseLength: input.response.length },
    });
    const item = await loadAdminItem(tx, row.id);
    if (!item) throw new AppError('NOT_FOUND');
    emit({ type: 'feedback.responded', actorId: admin.id, userId: row.userId, feedbackId: row.id, item });
    return item;
  });
}
