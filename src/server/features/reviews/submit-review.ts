import { eq } from 'drizzle-orm';
import { refusal } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { reviews } from '../../db/schema/reviews';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { AppError, refuseIf } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { loadForParticipant, negotiationState, partyOf } from '../conversations/conversation-access';
import { participantsOf } from '../conversations/conversation-event-data';

/**
 * The client of a completed conversation reviews its provider, once per service (once per conversation for an
 * offer on a request). Verified when the service was paid through us and completed.
 */
export async function submitReview(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { conversationId: string; rating: number; comment: string },
) {
  const { db } = deps;
  await loadForParticipant(db, actor, input.conversationId);
  const [reviewer] = await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, actor.id));
  return inTransaction(deps, async (tx, emit) => {
    // Checked under the conversation's row lock: an admin reset at the same moment cannot let a review through.
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, input.conversationId))
      .for('update');
    const party = conversation ? partyOf(conversation, actor.id) : null;
    if (!conversation || !party) throw new AppError('NOT_A_PARTICIPANT');
    refuseIf(refusal(negotiationState(conversation, null), party, 'review'));
    const serviceExists = conversation.serviceId
      ? (await tx.select({ id: services.id }).from(services).where(eq(services.id, conversation.serviceId))).length > 0
      : false;
    const [created] = await tx
      .insert(reviews)
      .values({
        serviceId: serviceExists ? conversation.serviceId : null,
        conversationId: conversation.id,
        providerId: conversation.participant2Id,
        reviewerId: actor.id,
        rating: input.rating,
        comment: input.comment,
        isVerified: conversation.paidAt !== null && conversation.completedAt !== null,
        reviewerFirstName: reviewer?.firstName ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!created) throw new AppError('ALREADY_REVIEWED');
    // No notice is posted and the negotiation state does not change: the event carries neither.
    emit({
      type: 'review.submitted',
      actorId: actor.id,
      conversationId: conversation.id,
      participants: participantsOf(conversation),
      message: null,
      state: null,
      reviewId: created.id,
      revieweeId: conversation.participant2Id,
      rating: input.rating,
    });
    return created;
  });
}
