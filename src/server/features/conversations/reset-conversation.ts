import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { conversationStateOf, messageDataOf, participantsOf } from './conversation-event-data';
import { negotiationState } from './conversation-access';
import { insertMessage } from './post-message';
import { services } from '../../db/schema/services';
import { recordAudit } from '../audit/record-audit';

/** What a reset clears: the negotiation and the progress, never the payment. */
const CLEARED = {
  latestProposalPriceCents: null,
  latestProposalPricingType: null,
  latestProposalBy: null,
  latestProposalRejected: false,
  finalPriceCents: null,
  finalPricingType: null,
  priceAgreedByNonPostingParty: false,
  serviceStarted: false,
  completedAt: null,
} as const;

/**
 * reset-service-progress (admins only, checked by the router): back to a fresh negotiation. A paid conversation is
 * refused: the money was taken, and undoing it is a refund, not a reset. The audit entry keeps what was cleared (the
 * agreed price and progress), since the conversation itself no longer shows it.
 */
export async function resetConversation(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { id: string },
) {
  const { id } = input;
  await inTransaction(deps, async (tx, emit) => {
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
    if (!row) throw new AppError('CONVERSATION_RESET_NOT_FOUND');
    if (row.paidAt !== null) throw new AppError('PAID_CONVERSATION_RESET');
    await tx.update(conversations).set(CLEARED).where(eq(conversations.id, id));
    await recordAudit(tx, {
      action: 'conversation.reset',
      actorId: admin.id,
      subjectId: id,
      details: {
        finalPriceCents: row.finalPriceCents,
        latestProposalPriceCents: row.latestProposalPriceCents,
        serviceStarted: row.serviceStarted,
        completed: row.completedAt !== null,
      },
    });
    const [listing] = row.serviceId
      ? await tx
          .select({ priceCents: services.priceCents, pricingType: services.pricingType })
          .from(services)
          .where(eq(services.id, row.serviceId))
      : [];
    const message = await insertMessage(tx, id, admin.id, { kind: 'admin_reset' });
    emit({
      type: 'conversation.reset',
      actorId: admin.id,
      conversationId: id,
      participants: participantsOf(row),
      message: messageDataOf(message),
      state: conversationStateOf(negotiationState({ ...row, ...CLEARED }, listing ?? null)),
    });
  });
  return { message: 'Chat pricing and progress have been reset' };
}
