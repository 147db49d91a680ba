import { and, eq, isNull } from 'drizzle-orm';
import { FEEDBACK_MESSAGES } from '../../../domain/feedback';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { feedback } from '../../db/schema/feedback';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { loadAdminItem } from './feedback-data';
import type { FeedbackAdminItem } from '../../contracts/feedback-events';

/**
 * An admin resolves an item (admins only, checked by the router): resolved_at and resolved_by are set once, with no
 * way back (spec 2 section 4). The update only matches an unresolved row, so of two admins resolving at once one
 * wins and the other is refused; the audit row is written with the change.
 */
export async function resolveFeedback(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { id: string },
): Promise<FeedbackAdminItem> {
  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .update(feedback)
      .set({ resolvedAt: new Date(), resolvedBy: admin.id })
      .where(and(eq(feedback.id, input.id), isNull(feedback.resolvedAt)))
      .returning({ id: feedback.id, userId: feedback.userId });
    if (!row) {
      const [exists] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, input.id));
      if (exists) throw new AppError('CONFLICT', FEEDBACK_MESSAGES.alreadyResolved);
      throw new AppError('NOT_FOUND');
    }
    await tx
      .insert(auditEvents)
      .values({ action: 'feedback.resolved', actorId: admin.id, subjectId: row.id, details: { authorId: row.userId } });
    const item = await loadAdminItem(tx, row.id);
    if (!item) throw new AppError('NOT_FOUND');
    emit({ type: 'feedback.resolved', actorId: admin.id, userId: row.userId, feedbackId: row.id, item });
    return item;
  });
}
