import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import { isPayoutReady } from '../../../domain/payouts';
import { payoutCents, transferDue } from '../../../domain/settlement';
import type { Db, Tx } from '../../db/database';
import { paymentFailures } from '../../db/schema/payments';
import { transfers } from '../../db/schema/settlement';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { EventBus } from '../../realtime/event-bus';
import type { PaymentProvider } from '../../payments/payment-provider';
import { insertMessage } from '../conversations/post-message';
import { conversationEventBase } from './conversation-event-base';
import { lockConversation, readSettlement, type TransferRow } from './settlement-state';

export interface SettlementDeps {
  db: Db;
  events: DomainEvents;
  /** Only for the changes that have no AppEvent member yet (settle-conversation.ts, a failed transfer). */
  bus: EventBus;
  payments: PaymentProvider;
}

async function payoutAccount(db: Db | Tx, providerId: string) {
  const [profile] = await db
    .select({ accountId: profiles.stripeAccountId, charges: profiles.chargesEnabled, payouts: profiles.payoutsEnabled })
    .from(profiles)
    .where(eq(profiles.id, providerId));
  return profile?.accountId && isPayoutReady({ chargesEnabled: profile.charges, payoutsEnabled: profile.payouts })
    ? profile.accountId
    : null;
}

/**
 * Claims the provider's transfer when it is owed: one row per payment, held while the provider's account is not
 * Ready, otherwise marked pending and sent. Safe to call any number of times, from any path.
 */
export async function payOutIfDue(deps: SettlementDeps, conversationId: string): Promise<void> {
  const claimed = await inTransaction(deps, async (tx, emit) => {
    const conversation = await lockConversation(tx, conversationId);
    const { payment, transfer, state } = await readSettlement(tx, conversation);
    if (!payment || !transferDue(state)) return null;
    const destination = await payoutAccount(tx, conversation.participant2Id);
    const amountCents = payoutCents(state.amountCents, state.refundedCents);
    const status = destination ? 'pending' : 'held';
    if (transfer) {
      if (!destination) return null;
      const [row] = await tx
        .update(transfers)
        .set({ status, amountCents, destinationAccountId: destination, updatedAt: new Date() })
        .where(and(eq(transfers.id, transfer.id), eq(transfers.status, 'held')))
        .returning();
      return row ?? null;
    }
    const [row] = await tx
      .insert(transfers)
      .values({
        paymentTransactionId: payment.id,
        conversationId,
        providerId: conversation.participant2Id,
        amountCents,
        status,
        destinationAccountId: destination,
      })
      .onConflictDoNothing()
      .returning();
    // Held: the panels learn it now (the provider is asked to set up payouts); a pending one is told when sent.
    if (row?.status === 'held') {
      emit({
        ...(await conversationEventBase(tx, conversationId, null, null)),
        type: 'transfer.held',
        transferId: row.id,
      });
    }
    return row?.status === 'pending' ? row : null;
  });
  if (claimed) await sendTransfer(deps, claimed);
}

/** Sends a claimed transfer; the key is the payment's, so a retry can never pay twice. */
export async function sendTransfer(deps: SettlementDeps, transfer: TransferRow): Promise<void> {
  try {
    const sent = await deps.payments.createTransfer({
      amountCents: transfer.amountCents,
      destinationAccountId: transfer.destinationAccountId!,
      idempotencyKey: `transfer-${transfer.paymentTransactionId}`,
      transferGroup: `conversation-${transfer.conversationId}`,
      metadata: { transfer_id: transfer.id, conversation_id: transfer.conversationId ?? '' },
    });
    // Marked paid once (a retry racing the first attempt finds it done, and records no second event), with a
    // notice both parties see.
    await inTransaction(deps, async (tx, emit) => {
      const [paid] = await tx
        .update(transfers)
        .set({ status: 'paid', stripeTransferId: sent.id, updatedAt: new Date() })
        .where(and(eq(transfers.id, transfer.id), ne(transfers.status, 'paid')))
        .returning();
      if (!paid?.conversationId) return;
      const message = await insertMessage(tx, paid.conversationId, paid.providerId, {
        kind: 'payout_sent',
        amountCents: paid.amountCents,
      });
      const base = await conversationEventBase(tx, paid.conversationId, null, message);
      emit({ ...base, type: 'transfer.sent', transferId: paid.id, amountCents: paid.amountCents });
    });
  } catch (error) {
    await inTransaction(deps, async (tx, emit) => {
      await tx.update(transfers).set({ status: 'failed', updatedAt: new Date() }).where(eq(transfers.id, transfer.id));
      await tx.insert(paymentFailures).values({
        conversationId: transfer.conversationId,
        failureType: 'transfer_failed',
        errorMessage: error instanceof Error ? error.message : 'The transfer failed',
      });
      if (transfer.conversationId) {
        const base = await conversationEventBase(tx, transfer.conversationId, null, null);
        emit({ ...base, type: 'transfer.failed', transferId: transfer.id });
      }
    });
  }
}

/** A provider's account became Ready: everything held for them goes out. */
export async function releaseHeldTransfers(deps: SettlementDeps, providerId: string): Promise<void> {
  const held = await deps.db
    .select({ conversationId: transfers.conversationId })
    .from(transfers)
    .where(and(eq(transfers.providerId, providerId), eq(transfers.status, 'held')));
  for (const { conversationId } of held) if (conversationId) await payOutIfDue(deps, conversationId);
}

/** A failed transfer is tried again this long after its last attempt (each attempt records a failure). */
export const TRANSFER_RETRY_MS = 15 * 60_000;

/** Transfers that failed, or were left pending by a crash, are sent again with the same key. */
export async function retryTransfers(deps: SettlementDeps, now: Date): Promise<void> {
  const stale = await deps.db
    .select()
    .from(transfers)
    .where(
      or(
        and(eq(transfers.status, 'failed'), lt(transfers.updatedAt, new Date(now.getTime() - TRANSFER_RETRY_MS))),
        and(inArray(transfers.status, ['pending']), lt(transfers.updatedAt, new Date(now.getTime() - 60_000))),
      ),
    );
  for (const transfer of stale) await sendTransfer(deps, transfer);
}
