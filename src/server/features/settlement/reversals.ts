import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { paymentFailures } from '../../db/schema/payments';
import { transfers } from '../../db/schema/settlement';
import { inTransaction } from '../../events/in-transaction';
import { conversationEventBase } from './conversation-event-base';
import type { Settlement, TransferRow } from './settlement-state';
import type { SettlementDeps } from './transfers';

/**
 * Records, inside the caller's locked transaction, that the provider's payout is to be taken back in full (an admin
 * refund after the payout); the money moves after the commit (`sendReversal`). Null when there is nothing to take
 * back or it was already decided.
 */
export async function claimReversal(tx: Tx, { transfer }: Settlement, now: Date): Promise<TransferRow | null> {
  if (transfer?.status !== 'paid' || !transfer.stripeTransferId) return null;
  const [row] = await tx
    .update(transfers)
    .set({ reversedAt: now, reversedCents: transfer.amountCents, updatedAt: now })
    .where(and(eq(transfers.id, transfer.id), isNull(transfers.reversedAt)))
    .returning();
  return row ?? null;
}

/** Sends a decided reversal with a key per transfer, so a retry never takes the money back twice. */
export async function sendReversal(deps: SettlementDeps, transfer: TransferRow): Promise<void> {
  try {
    const sent = await deps.payments.reverseTransfer({
      transferId: transfer.stripeTransferId!,
      amountCents: transfer.reversedCents!,
      idempotencyKey: `reversal-${transfer.id}`,
    });
    await inTransaction(deps, async (tx, emit) => {
      await tx.update(transfers).set({ stripeReversalId: sent.id }).where(eq(transfers.id, transfer.id));
      // The panels stop saying the reversal is being sent.
      if (transfer.conversationId) {
        const base = await conversationEventBase(tx, transfer.conversationId, null, null);
        emit({ ...base, type: 'transfer.reversed', transferId: transfer.id });
      }
    });
  } catch (error) {
    // The client's refund goes out regardless: the platform carries the loss until the reversal succeeds.
    await deps.db.insert(paymentFailures).values({
      conversationId: transfer.conversationId,
      failureType: 'reversal_failed',
      errorMessage: error instanceof Error ? error.message : 'The transfer reversal failed',
    });
  }
}

/** Reversals decided but not confirmed by the provider (a crash, an outage, an empty balance) are sent again. */
export async function retryReversals(deps: SettlementDeps, now: Date): Promise<void> {
  const stale = await deps.db
    .select()
    .from(transfers)
    .where(
      and(
        isNotNull(transfers.reversedAt),
        isNull(transfers.stripeReversalId),
        lt(transfers.reversedAt, new Date(now.getTime() - 60_000)),
      ),
    );
  for (const transfer of stale) await sendReversal(deps, transfer);
}
