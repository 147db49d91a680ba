import { desc, eq } from 'drizzle-orm';
import { feeBreakdown } from '../../../domain/payments';
import {
  adminRefusal,
  allowedSettlementActions,
  autoConfirmAt,
  reversalNeeded,
  SETTLEMENT_LABELS,
  settlementLabel,
} from '../../../domain/settlement';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { disputes, refunds } from '../../db/schema/settlement';
import { AppError } from '../../errors';
import { isAdmin } from '../accounts/is-admin';
import { partyOf } from '../conversations/conversation-access';
import { readSettlement } from './settlement-state';

/**
 * The money of one conversation as both parties (and admins) see it: price, platform fee, provider payout, where the
 * money is now, refunds and disputes, and what this viewer may do about it.
 */
export async function paymentHistory(
  { db, now }: { db: Db; now?: () => Date },
  actor: { id: string },
  { conversationId }: { conversationId: string },
) {
  const viewer = { id: actor.id, isAdmin: await isAdmin(db, actor.id) };
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  const party = conversation ? partyOf(conversation, viewer.id) : null;
  if (!conversation || (!party && !viewer.isAdmin)) throw new AppError('NOT_A_PARTICIPANT');
  const { payment, transfer, state } = await readSettlement(db, conversation);
  const [refundRows, disputeRows] = await Promise.all([
    db
      .select({ amountCents: refunds.amountCents, reason: refunds.reason, createdAt: refunds.createdAt })
      .from(refunds)
      .where(eq(refunds.conversationId, conversationId))
      .orderBy(desc(refunds.createdAt)),
    db
      .select({
        id: disputes.id,
        source: disputes.source,
        reason: disputes.reason,
        description: disputes.description,
        status: disputes.status,
        refundCents: disputes.refundCents,
        createdAt: disputes.createdAt,
        resolvedAt: disputes.resolvedAt,
      })
      .from(disputes)
      .where(eq(disputes.conversationId, conversationId))
      .orderBy(desc(disputes.createdAt)),
  ]);
  const label = settlementLabel(state);
  // The fee and the payout are those of what the client kept: a refund comes off first (a full one leaves neither).
  const kept = payment ? feeBreakdown(Math.max(0, payment.amountCents - state.refundedCents)) : null;
  return {
    paid: payment !== null,
    party,
    label,
    labelText: SETTLEMENT_LABELS[label],
    amountCents: payment?.amountCents ?? null,
    platformFeeCents: kept?.platformFeeCents ?? null,
    providerAmountCents: kept?.providerAmountCents ?? null,
    refundedCents: state.refundedCents,
    paidAt: state.paidAt,
    completedAt: state.completedAt,
    acceptedAt: state.acceptedAt,
    autoConfirmAt: state.completedAt && !state.acceptedAt ? autoConfirmAt(state.completedAt) : null,
    transfer: transfer
      ? {
          status: transfer.status,
          amountCents: transfer.amountCents,
          createdAt: transfer.createdAt,
          confirmedAt: transfer.confirmedAt,
          reversedCents: transfer.reversedCents,
          reversedAt: transfer.reversedAt,
          reversalDone: transfer.stripeReversalId !== null,
        }
      : null,
    refunds: refundRows,
    disputes: disputeRows,
    actions: party ? allowedSettlementActions(state, party, now?.() ?? new Date()) : [],
    admin: viewer.isAdmin
      ? {
          canRefund: adminRefusal(state, 'refund') === null,
          refundReversesPayout: reversalNeeded(state),
          canResolve: adminRefusal(state, 'release') === null,
        }
      : null,
  };
}
