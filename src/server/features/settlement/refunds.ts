import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { paymentFailures, paymentTransactions } from '../../db/schema/payments';
import { refunds, transfers } from '../../db/schema/settlement';
import type { Settlement } from './settlement-state';
import type { SettlementDeps } from './transfers';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Records a refund decision inside the caller's locked transaction; the money moves after the commit
 * (`sendRefund`). A held transfer is dropped: it is recomputed from what is left if the provider is still owed.
 * Returns null when this decision (its key) was already taken.
 */
export async function claimRefund(
  tx: Tx,
  { payment, transfer }: Settlement,
  input: { amountCents: number; reason: string; idempotencyKey: string; requestedBy: string | null },
): Promise<RefundRow | null> {
  if (!payment) return null;
  if (transfer?.status === 'held') await tx.delete(transfers).where(eq(transfers.id, transfer.id));
  const [row] = await tx
    .insert(refunds)
    .values({ paymentTransactionId: payment.id, conversationId: payment.conversationId, ...input })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function sendRefund(deps: SettlementDeps, refund: RefundRow, paymentIntentId: string): Promise<void> {
  try {
    const sent = await deps.payments.createRefund({
      paymentIntentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
    });
    await deps.db.update(refunds).set({ stripeRefundId: sent.id }).where(eq(refunds.id, refund.id));
  } catch (error) {
    await deps.db.insert(paymentFailures).values({
      conversationId: refund.conversationId,
      paymentIntentId,
      failureType: 'refund_failed',
      errorMessage: error instanceof Error ? error.message : 'The refund failed',
    });
  }
}

/** Refunds decided but not confirmed by the provider (a crash or an outage) are sent again with their key. */
export async function retryRefunds(deps: SettlementDeps, now: Date): Promise<void> {
  const stale = await deps.db
    .select({ refund: refunds, intentId: paymentTransactions.paymentIntentId })
    .from(refunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, refunds.paymentTransactionId))
    .where(and(isNull(refunds.stripeRefundId), lt(refunds.createdAt, new Date(now.getTime() - 60_000))));
  for (const { refund, intentId } of stale) await sendRefund(deps, refund, intentId);
}
