import { eq } from 'drizzle-orm';
import { actionRefusal, transition, type NegotiationAction } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { services } from '../../db/schema/services';
import type { AppEvent, PayloadOf } from '../../contracts/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError, refuseIf } from '../../errors';
import { negotiationState, partyOf, toColumns } from './conversation-access';
import { conversationStateOf, messageDataOf, participantsOf } from './conversation-event-data';
import { insertMessage } from './post-message';
import { refuseIfBlocked } from '../blocks/contact-refusal';

type StepAction = Exclude<NegotiationAction, { type: 'pay' } | { type: 'review' }>;

type StepEvent = Extract<
  AppEvent,
  { type: 'price.proposed' | 'price.accepted' | 'price.rejected' | 'service.started' | 'service.completed' }
>;

/** The event of each step; `base` is what every conversation event carries, with the state after the step. */
function stepEvent(action: StepAction, base: PayloadOf<'price.rejected'>): StepEvent {
  switch (action.type) {
    case 'propose':
      return { ...base, type: 'price.proposed', amountCents: action.priceCents };
    case 'accept':
    case 'acceptOriginal':
      return { ...base, type: 'price.accepted', amountCents: base.state!.finalPriceCents! };
    case 'reject':
      return { ...base, type: 'price.rejected' };
    case 'start':
      return { ...base, type: 'service.started' };
    case 'complete':
      return { ...base, type: 'service.completed' };
  }
}

/**
 * One negotiation or progress step, under a row lock: two people pressing Accept, or Start twice, are applied one
 * after the other, and the second finds the state already changed and is refused (and records no event).
 */
export async function negotiate(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; action: StepAction },
) {
  const { id: conversationId, action } = input;
  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
    const party = row ? partyOf(row, actor.id) : null;
    if (!row || !party) throw new AppError('NOT_A_PARTICIPANT');
    // Haggling is contact; the paid deal's own steps (start, complete) never stop for a block.
    if (action.type !== 'start' && action.type !== 'complete') {
      const otherId = party === 'client' ? row.participant2Id : row.participant1Id;
      await refuseIfBlocked(tx, actor.id, otherId, 'BLOCKED_CONVERSATION');
    }
    const [listing] = row.serviceId
      ? await tx
          .select({ priceCents: services.priceCents, pricingType: services.pricingType })
          .from(services)
          .where(eq(services.id, row.serviceId))
      : [];
    const state = negotiationState(row, listing ?? null);
    refuseIf(actionRefusal(state, party, action));
    const step = transition(state, party, action)!;
    // Completion (completed_at, set by toColumns) starts the client's 3 days to confirm or dispute (settlement.ts).
    await tx.update(conversations).set(toColumns(step.patch)).where(eq(conversations.id, conversationId));
    const message = await insertMessage(tx, conversationId, actor.id, step.message);
    const event = stepEvent(action, {
      actorId: actor.id,
      conversationId,
      participants: participantsOf(row),
      message: messageDataOf(message),
      state: conversationStateOf({ ...state, ...step.patch }),
    });
    emit(event);
    // The actor's own screen applies these at once, even before its subscription has started.
    return { ok: true, message: event.message!, state: event.state! };
  });
}
