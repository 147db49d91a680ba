import { and, count, eq, isNull } from 'drizzle-orm';
import { paymentReceived } from '../../../domain/negotiation';
import { isPayoutReady } from '../../../domain/payouts';
import type { Db, Tx } from '../../db/database';
import {
  conversations,
  disputes,
  paymentFailures,
  paymentTransactions,
  stripeEvents,
  transfers,
} from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';
import type { PaymentEvent, PaymentProvider } from '../../payments/payment-provider';
import { toColumns, type ConversationRow } from '../conversations/conversation-access';
import { announce, insertMessage, type MessageRow } from '../conversations/post-message';
import { releaseHeldTransfers } from '../settlement/transfers';

/** Event types this endpoint acts on (every other verified event is stored and ignored). */
export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'account.updated',
  'transfer.created',
  'charge.dispute.created',
] as const;

interface Effect {
  conversation?: ConversationRow;
  message?: MessageRow;
  /** A provider whose account became Ready: held transfers go out after the commit. */
  readyProviderId?: string;
  /** A user whose payout status changed: their open pages refresh. */
  payoutUserId?: string;
}

type Object_ = PaymentEvent['data']['object'];

/**
 * A verified payment event, applied once: its id is stored in the same transaction as its effect, so a replay finds
 * the id taken and changes nothing, and a failure rolls both back for Stripe to retry. Events may arrive in any
 * order: a failure reported after the success never undoes it.
 */
export async function processPaymentEvent(
  deps: { db: Db; bus: EventBus; payments: PaymentProvider },
  event: PaymentEvent,
) {
  const object = event.data.object;
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type, objectId: object.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return null;
    switch (event.type) {
      case 'payment_intent.succeeded':
        return intentSucceeded(tx, object);
      case 'payment_intent.payment_failed':
        return intentFailed(tx, object);
      case 'account.updated':
        return accountUpdated(tx, object);
      case 'transfer.created':
        return transferCreated(tx, object);
      case 'charge.dispute.created':
        return disputeCreated(tx, object);
      default:
        return {};
    }
  });
  if (!outcome) return { applied: false };
  if (outcome.conversation) {
    announce(deps.bus, outcome.conversation, [
      ...(outcome.message ? [{ type: 'message' as const, message: outcome.message }] : []),
      { type: 'updated' as const },
    ]);
  }
  if (outcome.payoutUserId) deps.bus.publish(channels.profile(outcome.payoutUserId), { type: 'profile-updated' });
  if (outcome.readyProviderId) await releaseHeldTransfers(deps, outcome.readyProviderId);
  return { applied: true };
}

async function transactionFor(tx: Tx, intentId: string) {
  const [transaction] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.paymentIntentId, intentId))
    .for('update');
  return transaction;
}

async function intentSucceeded(tx: Tx, intent: Object_): Promise<Effect> {
  const transaction = await transactionFor(tx, intent.id);
  if (!transaction) return {};
  const setStatus = () =>
    tx
      .update(paymentTransactions)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(eq(paymentTransactions.id, transaction.id));
  // The test pages' intents belong to no conversation: the payment itself is all there is to record.
  if (!transaction.conversationId) {
    await setStatus();
    return {};
  }
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
    return {};
  }
  await setStatus();
  if (conversation.paymentCompleted) return {};
  const paid = paymentReceived(received);
  await tx
    .update(conversations)
    .set({ ...toColumns(paid.patch), paidAt: new Date() })
    .where(eq(conversations.id, conversation.id));
  const message = await insertMessage(tx, conversation.id, conversation.participant1Id, paid.message);
  return { conversation, message };
}

async function intentFailed(tx: Tx, intent: Object_): Promise<Effect> {
  const transaction = await transactionFor(tx, intent.id);
  if (!transaction) return {};
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
  return {};
}

/** Stripe's word on a connected account is the payout status we keep. */
async function accountUpdated(tx: Tx, account: Object_): Promise<Effect> {
  const [before] = await tx.select().from(profiles).where(eq(profiles.stripeAccountId, account.id)).for('update');
  if (!before) return {};
  const chargesEnabled = account.charges_enabled ?? before.chargesEnabled;
  const payoutsEnabled = account.payouts_enabled ?? before.payoutsEnabled;
  await tx
    .update(profiles)
    .set({
      chargesEnabled,
      payoutsEnabled,
      payoutDetailsSubmitted: account.details_submitted ?? before.payoutDetailsSubmitted,
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, before.id));
  const ready = isPayoutReady({ chargesEnabled, payoutsEnabled });
  return { payoutUserId: before.id, readyProviderId: ready ? before.id : undefined };
}

/** Stripe confirms a transfer we made: recorded against our row (found by the id we put in its metadata). */
async function transferCreated(tx: Tx, transfer: Object_): Promise<Effect> {
  const ours = transfer.metadata?.transfer_id;
  if (!ours) return {};
  await tx
    .update(transfers)
    .set({ stripeTransferId: transfer.id, confirmedAt: new Date() })
    .where(and(eq(transfers.id, ours), isNull(transfers.confirmedAt)));
  return {};
}

/** A cardholder disputed the charge with their bank: recorded, and the payout is frozen until an admin decides. */
async function disputeCreated(tx: Tx, dispute: Object_): Promise<Effect> {
  const intentId = dispute.payment_intent;
  const transaction = intentId ? await transactionFor(tx, intentId) : undefined;
  if (!transaction?.conversationId) return {};
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(eq(conversations.id, transaction.conversationId))
    .for('update');
  if (!conversation) return {};
  await tx
    .insert(disputes)
    .values({
      conversationId: conversation.id,
      source: 'card_network',
      reason: dispute.reason ?? 'card_network_dispute',
      description: 'The cardholder disputed this charge with their card issuer.',
      stripeDisputeId: dispute.id,
    })
    .onConflictDoNothing();
  await tx.update(conversations).set({ disputeOpen: true }).where(eq(conversations.id, conversation.id));
  const message = await insertMessage(tx, conversation.id, conversation.participant1Id, {
    kind: 'card_dispute_reported',
  });
  return { conversation, message };
}
