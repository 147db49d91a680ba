import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { canSubmitFeedback, FEEDBACK_MESSAGES, type FeedbackCategory } from '../../../domain/feedback';
import type { Db } from '../../db/database';
import { feedback } from '../../db/schema/feedback';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { loadAdminItem, memberItemOf } from './feedback-data';
import type { FeedbackItem } from '../../contracts/feedback-events';

/**
 * A signed-in member sends feedback (spec 2 section 4): it starts unresolved, without a response. The author is the
 * caller, whatever the input says (the router's schema has no user field). The admins' open pages hear of it. A
 * member with FEEDBACK_LIMITS.openPerMember unresolved items is refused another.
 */
export async function submitFeedback(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { title: string; category: FeedbackCategory; message: string },
): Promise<FeedbackItem> {
  return inTransaction(deps, async (tx, emit) => {
    // One member's submissions take turns, so two at once cannot both pass the cap at 19 open items.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feedback-open:${actor.id}`}, 0))`);
    const [open] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, actor.id), isNull(feedback.resolvedAt)));
    if (!canSubmitFeedback(Number(open?.n ?? 0))) throw new AppError('CONFLICT', FEEDBACK_MESSAGES.tooManyOpen);
    const [created] = await tx
      .insert(feedback)
      .values({ userId: actor.id, title: input.title, category: input.category, message: input.message })
      .returning({ id: feedback.id });
    const item = created && (await loadAdminItem(tx, created.id));
    if (!item) throw new AppError('INTERNAL');
    emit({ type: 'feedback.submitted', actorId: actor.id, userId: actor.id, feedbackId: item.id, item });
    return memberItemOf(item);
  });
}
