import { count, eq } from 'drizzle-orm';
import { paymentReceived } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations, paymentFailures, paymentTransactions, stripeEvents } from '../../db/schema/conversations';
import type { EventBus } from '../../realtime/event-bus';
import type { PaymentEvent } from '../../payments/payment-provider';
import { toColumns } from '../conversations/conversation-access';
import { announce, insertMessage, type MessageRow } from '../conversations/post-message';

/**
 * A verified payment event, applied once: its id is stored in the same transaction as its effect, so a replay finds
 * the id taken and changes nothing, and a failure rolls both back for Stripe to retry. Events may arrive in any
 * order: a failure reported after the success never undoes it.
 */
export async function processPaymentEvent({ db, bus }: { db: Db; bus: EventBus }, event: PaymentEvent) {
  const outcome = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { applied: false as const };
    const intent = event.data.object;
    const [transaction] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.paymentIntentId, intent.id))
      .for('update');
    if (!transaction?.conversationId) return { applied: true as const };

    if (event.type === 'payment_intent.succeeded') {
      const [conversation] = await tx
        .select()
        .from(conversations)
        .where(eq(conversations.id, transaction.conversationId))
        .for('update');
      const received = intent.amount_received ?? intent.amount ?? 0;
      // The charge must be the agreed price this intent was made for, whatever else happened since.
      if (!conversation || received !== transaction.amountCents || conversation.finalPriceCents !== received) {
        await tx.insert(paymentFailures).values({
          conversationId: transaction.conversationId,
          paymentIntentId: intent.id,
          failureType: 'amount_mismatch',
          errorMessage: `Received ${received} cents for an agreed price of ${conversation?.finalPriceCents ?? 'none'}`,
        });
        return { applied: true as const };
      }
      await tx
        .update(paymentTransactions)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(eq(paymentTransactions.id, transaction.id));
      if (conversation.paymentCompleted) return { applied: true as const };
      const paid = paymentReceived(received);
      await tx.update(conversations).set(toColumns(paid.patch)).where(eq(conversations.id, conversation.id));
      const message: MessageRow = await insertMessage(tx, conversation.id, conversation.participant1Id, paid.message);
      return { applied: true as const, conversation, message };
    }

    if (event.type === 'payment_intent.payment_failed') {
      const error = intent.last_payment_error;
      const [previous] = await tx
        .select({ n: count() })
        .from(paymentFailures)
        .where(eq(paymentFailures.paymentIntentId, intent.id));
      await tx.insert(paymentFailures).values({
        conversationId: transaction.conversationId,
        paymentIntentId: intent.id,
        failureType: error?.decline_code ?? error?.code ?? 'payment_failed',
        errorMessage: error?.message ?? 'The payment failed',
        retryCount: previous?.n ?? 0,
      });
      if (transaction.status !== 'succeeded') {
        await tx
          .update(paymentTransactions)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(eq(paymentTransactions.id, transaction.id));
      }
    }
    return { applied: true as const };
  });
  if ('conversation' in outcome && outcome.conversation) {
    announce(bus, outcome.conversation, [{ type: 'message', message: outcome.message }, { type: 'updated' }]);
  }
  return { applied: outcome.applied };
}
