import { and, eq } from 'drizzle-orm';
import { refusal } from '../../../domain/negotiation';
import { feeBreakdown, PAYMENT_PAUSED_MESSAGES } from '../../../domain/payments';
import type { Db } from '../../db/database';
import { paymentTransactions } from '../../db/schema/payments';
import { services } from '../../db/schema/services';
import { AppError, refuseIf } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import { loadForParticipant, negotiationState } from '../conversations/conversation-access';
import { adminReviewHold } from '../services/service-queries';

/**
 * The client starts paying: the amount is the agreed price read here, never a number from the browser. Pressing Pay
 * again (after a decline, or in two tabs) reuses the same intent. While an admin reviews (the service hidden by a
 * passed poll, or the provider suspended) no new payment starts: a minor must not pay into a case the
 * community flagged; messages, refunds and disputes stay open so money already paid can come back.
 */
export async function startPayment(
  { db, payments }: { db: Db; payments: PaymentProvider },
  actor: { id: string },
  { conversationId }: { conversationId: string },
) {
  const { conversation, party } = await loadForParticipant(db, actor, conversationId);
  const [listing] = conversation.serviceId
    ? await db.select().from(services).where(eq(services.id, conversation.serviceId))
    : [];
  refuseIf(refusal(negotiationState(conversation, listing ?? null), party, 'pay'));
  await refuseWhileUnderReview(db, conversation);
  const amounts = feeBreakdown(conversation.finalPriceCents!);
  const intent = await payments.createPaymentIntent({
    amountCents: amounts.amountCents,
    idempotencyKey: `pay-${conversation.id}-${amounts.amountCents}`,
    metadata: {
      conversationId: conversation.id,
      clientId: conversation.participant1Id,
      providerId: conversation.participant2Id,
    },
  });
  await db
    .insert(paymentTransactions)
    .values({
      conversationId: conversation.id,
      paymentIntentId: intent.id,
      status: 'requires_payment_method',
      amountCents: amounts.amountCents,
      platformFeeCents: amounts.platformFeeCents,
      providerAmountCents: amounts.providerAmountCents,
    })
    .onConflictDoNothing();
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    mode: payments.mode,
    publishableKey: payments.publishableKey,
    ...amounts,
  };
}

/** Refuses paying while an admin reviews the service or the provider (PAYMENT_PAUSED_MESSAGES). */
async function refuseWhileUnderReview(db: Db, conversation: { serviceId: string | null; participant2Id: string }) {
  const hold = await adminReviewHold(db, {
    serviceId: conversation.serviceId,
    providerId: conversation.participant2Id,
  });
  if (hold === 'serviceHidden') throw new AppError('CONFLICT', PAYMENT_PAUSED_MESSAGES.serviceUnderReview);
  if (hold === 'providerSuspended') throw new AppError('CONFLICT', PAYMENT_PAUSED_MESSAGES.providerSuspended);
}

/**
 * The client's own intent for this conversation, or a refusal (another user's intent id is never accepted). Test
 * mode's card and 3D Secure answers come through here: an intent started before the service was hidden or the
 * provider suspended cannot be paid meanwhile either.
 */
export async function ownIntent(db: Db, actor: { id: string }, conversationId: string, paymentIntentId: string) {
  const { conversation, party } = await loadForParticipant(db, actor, conversationId);
  if (party !== 'client') throw new AppError('ONLY_CLIENT_PAYS');
  await refuseWhileUnderReview(db, conversation);
  const [transaction] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.paymentIntentId, paymentIntentId),
        eq(paymentTransactions.conversationId, conversation.id),
      ),
    );
  if (!transaction) throw new AppError('PAYMENT_NOT_FOUND');
  return { conversation, transaction };
}
