import { and, eq } from 'drizzle-orm';
import { priceText } from '../../../domain/messages';
import { greetingFor, transition } from '../../../domain/negotiation';
import { SERVICE_MESSAGES } from '../../../domain/services';
import type { PricingType } from '../../../domain/services';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { serviceRequests, services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { EventBus } from '../../realtime/event-bus';
import { negotiationState, toColumns } from './conversation-access';
import { announce, insertMessage, type ConversationEvent } from './post-message';

interface Deps {
  db: Db;
  bus: EventBus;
}

/**
 * A client requests a service: one conversation per (service, client) with the greeting that names the service.
 * Pressing Request again (or twice at once) opens the same conversation.
 */
export async function requestService({ db, bus }: Deps, actor: { id: string }, serviceId: string) {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId)).limit(1);
  if (!service) throw new AppError('NOT_FOUND', SERVICE_MESSAGES.notFound);
  if (service.userId === actor.id) throw new AppError('BAD_INPUT', SERVICE_MESSAGES.ownService);

  const opened = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ participant1Id: actor.id, participant2Id: service.userId, serviceId, subjectTitle: service.title })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    const message = await insertMessage(tx, created.id, actor.id, {
      kind: 'text',
      text: greetingFor(service.title),
    });
    return { conversation: created, message };
  });
  if (opened) {
    announce(bus, opened.conversation, [{ type: 'message', message: opened.message }]);
    return { id: opened.conversation.id, created: true };
  }
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.serviceId, serviceId), eq(conversations.participant1Id, actor.id)))
    .limit(1);
  return { id: existing!.id, created: false };
}

/**
 * Beyond the spec: someone other than the poster answers a request with a price and a message. The poster becomes
 * the client, the offerer the provider, and the offer is the first proposal of the same negotiation.
 */
export async function sendOffer(
  { db, bus }: Deps,
  actor: { id: string },
  input: { requestId: string; priceCents: number; pricingType: PricingType; message: string },
) {
  const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, input.requestId)).limit(1);
  if (!request) throw new AppError('NOT_FOUND', 'Failed to load request');
  if (request.userId === actor.id) throw new AppError('BAD_INPUT', 'You cannot send an offer on your own request');

  const result = await db.transaction(async (tx) => {
    let [conversation] = await tx
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
    conversation ??= (
      await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.requestId, request.id), eq(conversations.participant2Id, actor.id)))
        .for('update')
    )[0]!;
    const state = negotiationState(conversation, null);
    if (state.finalPriceCents !== null) throw new AppError('CONFLICT', 'The price is already agreed');
    const proposal = transition(state, 'provider', {
      type: 'propose',
      priceCents: input.priceCents,
      pricingType: input.pricingType,
    })!;
    const events: ConversationEvent[] = [];
    events.push({
      type: 'message',
      message: await insertMessage(tx, conversation.id, actor.id, { kind: 'text', text: input.message }),
    });
    await tx.update(conversations).set(toColumns(proposal.patch)).where(eq(conversations.id, conversation.id));
    events.push({ type: 'message', message: await insertMessage(tx, conversation.id, actor.id, proposal.message) });
    events.push({ type: 'updated' });
    return { conversation, events };
  });
  announce(bus, result.conversation, result.events);
  return { id: result.conversation.id, price: priceText(input.priceCents, input.pricingType) };
}
