import { and, count, eq, isNull } from 'drizzle-orm';
import { paymentReceived } from '../../../domain/negotiation';
import { isPayoutReady } from '../../../domain/payouts';
import type { Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { paymentFailures, paymentTransactions, stripeEvents } from '../../db/schema/payments';
import { disputes, transfers } from '../../db/schema/settlement';
import { profiles } from '../../db/schema/profiles';
import type { AppEvent } from '../../contracts/app-events';
import { inTransaction } from '../../events/in-transaction';
import type { PaymentEvent } from '../../payments/payment-provider';
import { toColumns } from '../conversations/conversation-access';
import { insertMessage } from '../conversations/post-message';
import { conversationEventBase } from '../settlement/conversation-event-base';
import { releaseHeldTransfers, type SettlementDeps } from '../settlement/transfers';

/** Event types this endpoint acts on (every other verified event is stored and ignored). */
export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'account.updated',
  'transfer.created',
  'charge.dispute.created',
] as const;

interface Effect {
  /** A provider whose account became Ready: held transfers go out after the commit. */
  readyProviderId?: string;
}

type Object_ = PaymentEvent['data']['object'];
type Emit = (event: AppEvent) => void;

/**
 * A verified payment event, applied once: its id is stored in the same transaction as its effect and its domain
 * events, so a replay finds the id taken and changes and records nothing, and a failure rolls all of it back for
 * Stripe to retry. Events may arrive in any order: a failure reported after the success never undoes it. The payment
 * provider acts, not a user: there is no actor.
 */
export async function processPaymentEvent(deps: SettlementDeps, _actor: null, event: PaymentEvent) {
  const object = event.data.object;
  const outcome = await inTransaction(deps, async (tx, emit): Promise<Effect | null> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type, objectId: object.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return null;
    switch (event.type) {
      case 'payment_intent.succeeded':
        return intentSucceeded(tx, emit, object);
      case 'payment_intent.payment_failed':
        return intentFailed(tx, object);
      case 'account.updated':
        return accountUpdated(tx, emit, object);
      case 'transfer.created':
        return transferCreated(tx, object);
      case 'charge.dispute.created':
        return disputeCreated(tx, emit, object);
      default:
        return {};
    }
  });
  if (!outcome) return { applied: false };
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

async function intentSucceeded(tx: Tx, emit: Emit, intent: Object_): Promise<Effect> {
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
  if (conversation.paidAt !== null) return {};
  const paid = paymentReceived(received);
  await tx
    .update(conversations)
    .set({ ...toColumns(paid.patch), paidAt: new Date() })
    .where(eq(conversations.id, conversation.id));
  const message = await insertMessage(tx, conversation.id, conversation.participant1Id, paid.message);
  const base = await conversationEventBase(tx, conversation.id, null, message);
  emit({ ...base, type: 'payment.succeeded', paymentId: transaction.id, amountCents: received });
  return {};
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
async function accountUpdated(tx: Tx, emit: Emit, account: Object_): Promise<Effect> {
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
  // The payouts card on the user's open pages follows every change; "ready" only when it becomes so.
  emit({ type: 'profile.updated', userId: before.id });
  if (ready && !isPayoutReady(before)) emit({ type: 'payout-account.ready', userId: before.id });
  return { readyProviderId: ready ? before.id : undefined };
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
async function disputeCreated(tx: Tx, emit: Emit, dispute: Object_): Promise<Effect> {
  const intentId = dispute.payment_intent;
  const transaction = intentId ? await transactionFor(tx, intentId) : undefined;
  if (!transaction?.conversationId) return {};
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(eq(conversations.id, transaction.conversationId))
    .for('update');
  if (!conversation) return {};
  const [created] = await tx
    .insert(disputes)
    .values({
      conversationId: conversation.id,
      source: 'card_network',
      reason: dispute.reason ?? 'card_network_dispute',
      description: 'The cardholder disputed this charge with their card issuer.',
      stripeDisputeId: dispute.id,
    })
    .onConflictDoNothing()
    .returning({ id: disputes.id });
  // A second event about a dispute already recorded (Stripe sends updates under new event ids) names the same row.
  const disputeId =
    created?.id ??
    (await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.stripeDisputeId, dispute.id)))[0]?.id;
  await tx.update(conversations).set({ disputeOpen: true }).where(eq(conversations.id, conversation.id));
  const message = await insertMessage(tx, conversation.id, conversation.participant1Id, {
    kind: 'card_dispute_reported',
  });
  const base = await conversationEventBase(tx, conversation.id, null, message);
  if (disputeId) emit({ ...base, type: 'dispute.opened', disputeId });
  return {};
}
