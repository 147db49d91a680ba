import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentFailures, paymentTransactions, stripeEvents } from '../../db/schema/payments';
import { transfers } from '../../db/schema/settlement';

/** The test suite's Database State tab: the latest 10 of each, newest first (spec 3 section 7). */
export async function databaseState(deps: { db: Db }, _admin: { id: string }, _input: void) {
  const { db } = deps;
  const [transactions, events, failures, transferRows] = await Promise.all([
    db
      .select({
        id: paymentTransactions.id,
        payment_intent_id: paymentTransactions.paymentIntentId,
        status: paymentTransactions.status,
        amount_cents: paymentTransactions.amountCents,
        provider_amount_cents: paymentTransactions.providerAmountCents,
        platform_fee_cents: paymentTransactions.platformFeeCents,
        stripe_fee_cents: paymentTransactions.stripeFeeCents,
        created_at: paymentTransactions.createdAt,
      })
      .from(paymentTransactions)
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(10),
    db
      .select({
        event_id: stripeEvents.eventId,
        type: stripeEvents.type,
        object_id: stripeEvents.objectId,
        received_at: stripeEvents.receivedAt,
      })
      .from(stripeEvents)
      .orderBy(desc(stripeEvents.receivedAt))
      .limit(10),
    db
      .select({
        id: paymentFailures.id,
        failure_type: paymentFailures.failureType,
        error_message: paymentFailures.errorMessage,
        retry_count: paymentFailures.retryCount,
        created_at: paymentFailures.createdAt,
      })
      .from(paymentFailures)
      .orderBy(desc(paymentFailures.createdAt))
      .limit(10),
    db
      .select({
        id: transfers.id,
        conversation_id: transfers.conversationId,
        provider_id: transfers.providerId,
        amount_cents: transfers.amountCents,
        status: transfers.status,
        destination_account_id: transfers.destinationAccountId,
        stripe_transfer_id: transfers.stripeTransferId,
        created_at: transfers.createdAt,
      })
      .from(transfers)
      .orderBy(desc(transfers.createdAt))
      .limit(10),
  ]);
  return { transactions, events, failures, transfers: transferRows };
}
