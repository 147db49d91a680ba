import { eq } from 'drizzle-orm';
import { refusal } from '../../../domain/negotiation';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import { loadForParticipant, negotiationState } from '../conversations/conversation-access';

/**
 * The client of a completed conversation reviews its provider, once per service (once per conversation for an
 * offer on a request). Verified when the service was paid through us and completed.
 */
export async function submitReview(
  db: Db,
  actor: { id: string },
  input: { conversationId: string; rating: number; comment: string },
) {
  const { conversation, party } = await loadForParticipant(db, actor, input.conversationId);
  const state = negotiationState(conversation, null);
  const reason = refusal(state, party, 'review');
  if (reason) throw new AppError('FORBIDDEN', reason);
  const [reviewer] = await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, actor.id));
  const serviceExists = conversation.serviceId
    ? (await db.select({ id: services.id }).from(services).where(eq(services.id, conversation.serviceId))).length > 0
    : false;
  const [created] = await db
    .insert(reviews)
    .values({
      serviceId: serviceExists ? conversation.serviceId : null,
      conversationId: conversation.id,
      providerId: conversation.participant2Id,
      reviewerId: actor.id,
      rating: input.rating,
      comment: input.comment,
      isVerified: conversation.paymentCompleted && conversation.serviceCompleted,
      reviewerFirstName: reviewer?.firstName ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!created) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
  return created;
}
