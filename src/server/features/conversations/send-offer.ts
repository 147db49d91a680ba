import { and, eq } from 'drizzle-orm';
import { priceText } from '../../../domain/messages';
import { transition } from '../../../domain/negotiation';
import type { PricingType } from '../../../domain/services';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { serviceRequests } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { negotiationState, toColumns } from './conversation-access';
import { conversationStateOf, messageDataOf, participantsOf } from './conversation-event-data';
import { insertMessage } from './post-message';
import { screenOfferDetails } from './screen-details';
import { publicRequest } from '../requests/request-queries';
import { refuseIfBlocked } from '../blocks/contact-refusal';
import { assertNotMuted } from '../member-reports/member-mute';

/**
 * Beyond the spec: someone other than the poster answers a request with a price and a message. The poster becomes
 * the client, the offerer the provider, and the offer is the first proposal of the same negotiation. Its events:
 * `conversation.opened` (or `message.sent` when the offerer's conversation exists) with the offerer's words, then
 * `price.proposed` with the proposal and the new state.
 */
export async function sendOffer(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: {
    requestId: string;
    priceCents: number;
    pricingType: PricingType;
    message: string;
    confirmDetails?: boolean;
  },
) {
  const [request] = await deps.db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, input.requestId), publicRequest()))
    .limit(1);
  if (!request) throw new AppError('REQUEST_NOT_FOUND');
  if (request.userId === actor.id) throw new AppError('OWN_REQUEST');
  await refuseIfBlocked(deps.db, actor.id, request.userId, 'BLOCKED_CONTACT');
  // An offer writes a message into the conversation with the request's poster: no words while muted platform-wide.
  await assertNotMuted(deps.db, actor.id);
  const screened = await screenOfferDetails(
    deps.db,
    { offererId: actor.id, posterId: request.userId },
    { text: input.message, confirmDetails: input.confirmDetails },
  );

  const conversationId = await inTransaction(deps, async (tx, emit) => {
    const [created] = await tx
      .insert(conversations)
      .values({
        participant1Id: request.userId,
        participant2Id: actor.id,
        requestId: request.id,
        subjectTitle: request.title,
      })
      .onConflictDoNothing()
      .returning();
    // A second offer from the same provider continues their conversation with a new proposal.
    const conversation =
      created ??
      (
        await tx
          .select()
          .from(conversations)
          .where(and(eq(conversations.requestId, request.id), eq(conversations.participant2Id, actor.id)))
          .for('update')
      )[0]!;
    const state = negotiationState(conversation, null);
    if (state.finalPriceCents !== null) throw new AppError('PRICE_ALREADY_AGREED');
    const proposal = transition(state, 'provider', {
      type: 'propose',
      priceCents: input.priceCents,
      pricingType: input.pricingType,
    })!;
    const base = { actorId: actor.id, conversationId: conversation.id, participants: participantsOf(conversation) };
    const words = await insertMessage(
      tx,
      conversation.id,
      actor.id,
      { kind: 'text', text: screened.text },
      screened.originalText,
    );
    emit(
      created
        ? {
            ...base,
            type: 'conversation.opened',
            serviceId: null,
            requestId: request.id,
            message: messageDataOf(words),
            state: null,
          }
        : { ...base, type: 'message.sent', messageId: words.id, message: messageDataOf(words), state: null },
    );
    await tx.update(conversations).set(toColumns(proposal.patch)).where(eq(conversations.id, conversation.id));
    const notice = await insertMessage(tx, conversation.id, actor.id, proposal.message);
    emit({
      ...base,
      type: 'price.proposed',
      amountCents: input.priceCents,
      message: messageDataOf(notice),
      state: conversationStateOf({ ...state, ...proposal.patch }),
    });
    return conversation.id;
  });
  return { id: conversationId, price: priceText(input.priceCents, input.pricingType) };
}
