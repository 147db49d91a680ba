import { eq } from 'drizzle-orm';
import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { AppError } from '../../errors';
import type { EventBus } from '../../realtime/event-bus';
import { announce, insertMessage } from './post-message';

/**
 * reset-service-progress (admins only, checked by the router): back to a fresh negotiation. A paid conversation is
 * refused: the money was taken, and undoing it is a refund, not a reset.
 */
export async function resetConversation({ db, bus }: { db: Db; bus: EventBus }, admin: { id: string }, id: string) {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.resetFailed);
    if (row.paymentCompleted) throw new AppError('CONFLICT', 'A paid conversation cannot be reset');
    await tx
      .update(conversations)
      .set({
        latestProposalPriceCents: null,
        latestProposalPricingType: null,
        latestProposalBy: null,
        latestProposalRejected: false,
        finalPriceCents: null,
        finalPricingType: null,
        priceAgreedByNonPostingParty: false,
        serviceStarted: false,
        serviceCompleted: false,
      })
      .where(eq(conversations.id, id));
    const message = await insertMessage(tx, id, admin.id, { kind: 'admin_reset' });
    return { row, message };
  });
  announce(bus, result.row, [{ type: 'message', message: result.message }, { type: 'updated' }]);
  return { message: 'Chat pricing and progress have been reset' };
}
