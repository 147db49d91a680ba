import { eq } from 'drizzle-orm';
import { actionRefusal, CONVERSATION_MESSAGES, transition, type NegotiationAction } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { EventBus } from '../../realtime/event-bus';
import { negotiationState, partyOf, toColumns } from './conversation-access';
import { announce, insertMessage } from './post-message';

type StepAction = Exclude<NegotiationAction, { type: 'pay' } | { type: 'review' }>;

/**
 * One negotiation or progress step, under a row lock: two people pressing Accept, or Start twice, are applied one
 * after the other, and the second finds the state already changed and is refused.
 */
export async function negotiate(
  { db, bus }: { db: Db; bus: EventBus },
  actor: { id: string },
  conversationId: string,
  action: StepAction,
) {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
    const party = row ? partyOf(row, actor.id) : null;
    if (!row || !party) throw new AppError('FORBIDDEN', CONVERSATION_MESSAGES.noAccess);
    const [listing] = row.serviceId
      ? await tx
          .select({ priceCents: services.priceCents, pricingType: services.pricingType })
          .from(services)
          .where(eq(services.id, row.serviceId))
      : [];
    const state = negotiationState(row, listing ?? null);
    const reason = actionRefusal(state, party, action);
    if (reason) throw new AppError('CONFLICT', reason);
    const step = transition(state, party, action)!;
    // Completion starts the client's 3 days to confirm or dispute (settlement.ts).
    const completedAt = action.type === 'complete' ? { completedAt: new Date() } : {};
    await tx
      .update(conversations)
      .set({ ...toColumns(step.patch), ...completedAt })
      .where(eq(conversations.id, conversationId));
    const message = await insertMessage(tx, conversationId, actor.id, step.message);
    return { row, message };
  });
  announce(bus, result.row, [{ type: 'message', message: result.message }, { type: 'updated' }]);
  return { ok: true };
}
