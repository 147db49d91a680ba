import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { feedback } from '../../db/schema/feedback';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { loadAdminItem } from './feedback-data';
import type { FeedbackAdminItem } from '../../contracts/feedback-events';

/**
 * An admin answers an item (admins only, checked by the router): at any time, resolved or not, replacing an earlier
 * answer; it never resolves the item (spec 2 section 4). Recorded in the audit log with the change, with the
 * answer it replaced and the new one: admins' words to minors are kept.
 */
export async function respondToFeedback(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { id: string; response: string },
): Promise<FeedbackAdminItem> {
  return inTransaction(deps, async (tx, emit) => {
    // The answer it replaces, read under the row's lock: two admins answering at once each record what they replaced.
    const [previous] = await tx
      .select({ id: feedback.id, userId: feedback.userId, adminResponse: feedback.adminResponse })
      .from(feedback)
      .where(eq(feedback.id, input.id))
      .for('update');
    if (!previous) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(feedback)
      .set({ adminResponse: input.response, respondedAt: new Date(), respondedBy: admin.id })
      .where(eq(feedback.id, previous.id))
      .returning({ id: feedback.id, userId: feedback.userId });
    if (!row) throw new AppError('NOT_FOUND');
    // Both texts, so an answer replaced stays on record. Each is at most
    // FEEDBACK_LIMITS.responseMax (the schema and the column's CHECK), so one row holds at most twice that.
    await tx.insert(auditEvents).values({
      action: 'feedback.responded',
      actorId: admin.id,
      subjectId: row.id,
      details: { authorId: row.userId, previousResponse: previous.adminResponse, response: input.response },
    });
    const item = await loadAdminItem(tx, row.id);
    if (!item) throw new AppError('NOT_FOUND');
    emit({ type: 'feedback.responded', actorId: admin.id, userId: row.userId, feedbackId: row.id, item });
    return item;
  });
}
