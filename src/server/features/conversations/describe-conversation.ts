import { eq } from 'drizzle-orm';
import type { Party } from '../../../domain/deal';
import { allowedActions, progressStatus } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/reviews';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { isAdminColumn } from '../accounts/is-admin';
import { negotiationState, type ConversationRow } from './conversation-access';

/**
 * A conversation as its page shows it: both parties, the service, the negotiation and what this party may do (no
 * actions for an admin who is not a party). Shared by get-conversation.ts and get-conversation-for-admin.ts.
 */
export async function describeConversation(db: Db, conversation: ConversationRow, party: Party | null) {
  const otherId = party === 'provider' ? conversation.participant1Id : conversation.participant2Id;
  const [[other], [service], [review]] = await Promise.all([
    db
      .select({
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        avatarUrl: profiles.avatarUrl,
        isAdmin: isAdminColumn(profiles.id),
      })
      .from(profiles)
      .where(eq(profiles.id, otherId)),
    conversation.serviceId
      ? db
          .select({
            title: services.title,
            priceCents: services.priceCents,
            pricingType: services.pricingType,
            imageUrl: services.imageUrl,
          })
          .from(services)
          .where(eq(services.id, conversation.serviceId))
      : Promise.resolve([]),
    db.select({ id: reviews.id }).from(reviews).where(eq(reviews.conversationId, conversation.id)),
  ]);
  const state = negotiationState(conversation, service ?? null);
  const actions = party ? allowedActions(state, party).filter((a) => a !== 'review' || !review) : [];
  return {
    id: conversation.id,
    party,
    clientId: conversation.participant1Id,
    providerId: conversation.participant2Id,
    serviceId: conversation.serviceId,
    requestId: conversation.requestId,
    title: service?.title ?? conversation.subjectTitle,
    other: {
      id: otherId,
      firstName: other?.firstName ?? null,
      lastName: other?.lastName ?? null,
      avatarUrl: other?.avatarUrl ?? null,
      isAdmin: other?.isAdmin ?? false,
    },
    service: service ?? null,
    state,
    status: progressStatus(state),
    actions,
    reviewed: Boolean(review),
    createdAt: conversation.createdAt,
  };
}
