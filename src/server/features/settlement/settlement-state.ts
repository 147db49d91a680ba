import { and, eq, sum } from 'drizzle-orm';
import type { SettlementState } from '../../../domain/settlement';
import type { Db, Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { paymentTransactions } from '../../db/schema/payments';
import { refunds, transfers } from '../../db/schema/settlement';
import { AppError } from '../../errors';
import type { ConversationRow } from '../conversations/conversation-access';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;

export interface Settlement {
  conversation: ConversationRow;
  /** The succeeded payment of the conversation, if any. */
  payment: TransactionRow | null;
  transfer: TransferRow | null;
  state: SettlementState;
}

/** Reads what the money of one conversation is doing; inside a transaction after `lockConversation`. */
export async function readSettlement(db: Db | Tx, conversation: ConversationRow): Promise<Settlement> {
  const [payment] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.conversationId, conversation.id), eq(paymentTransactions.status, 'succeeded')))
    .limit(1);
  const [transfer] = payment
    ? await db.select().from(transfers).where(eq(transfers.paymentTransactionId, payment.id))
    : [];
  const [refunded] = payment
    ? await db
        .select({ cents: sum(refunds.amountCents).mapWith(Number) })
        .from(refunds)
        .where(eq(refunds.paymentTransactionId, payment.id))
    : [];
  return {
    conversation,
    payment: payment ?? null,
    transfer: transfer ?? null,
    state: {
      amountCents: payment?.amountCents ?? 0,
      paidAt: conversation.paidAt,
      serviceStarted: conversation.serviceStarted,
      serviceCompleted: conversation.completedAt !== null,
      completedAt: conversation.completedAt,
      acceptedAt: conversation.acceptedAt,
      cancelledAt: conversation.cancelledAt,
      disputeOpen: conversation.disputeOpen,
      // A held transfer has not moved money; pending and failed ones may have, so they count as made.
      transferred: transfer !== undefined && transfer.status !== 'held',
      payoutInFlight: transfer?.status === 'pending' || transfer?.status === 'failed',
      refundedCents: refunded?.cents ?? 0,
    },
  };
}

/** The conversation under a row lock, so settlement steps on it run one after another. */
export async function lockConversation(tx: Tx, conversationId: string): Promise<ConversationRow> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
  if (!row) throw new AppError('NOT_A_PARTICIPANT');
  return row;
}
