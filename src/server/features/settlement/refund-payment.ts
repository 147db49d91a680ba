import { and, eq } from 'drizzle-orm';
import { adminRefusal, reversalNeeded, type AdminResolution } from '../../../domain/settlement';
import type { Tx } from '../../db/database';
import { disputes } from '../../db/schema/conversations';
import { remainingCents, refuseIf, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/**
 * Admin: refund what is left of a paid conversation; any open dispute closes. A payout already made is reversed from
 * the provider's account first.
 */
export function refundPayment(deps: SettlementDeps, admin: { id: string }, conversationId: string, now: Date) {
  return settlementStep(deps, conversationId, async (tx, { conversation, state, transfer }) => {
    refuseIf(adminRefusal(state, 'refund'));
    const amountCents = remainingCents(state);
    const reversePayout = reversalNeeded(state);
    if (state.disputeOpen) await closeDispute(tx, conversation.id, admin.id, now, 'refunded', amountCents);
    return {
      patch: { cancelledAt: now, disputeOpen: false },
      refund: {
        amountCents,
        reason: 'admin_refund',
        idempotencyKey: `refund-full-${conversation.id}`,
        requestedBy: admin.id,
      },
      reversePayout,
      message: {
        senderId: admin.id,
        notice: {
          kind: 'payment_refunded',
          amountCents,
          reversedPayoutCents: reversePayout && transfer ? transfer.amountCents : null,
        },
      },
    };
  });
}

/**
 * Admin: ends an open dispute. Release pays the provider; refund returns everything left to the client; partial
 * returns part of it and pays the provider their share of the rest.
 */
export function resolveDispute(
  deps: SettlementDeps,
  admin: { id: string },
  input: { conversationId: string; resolution: AdminResolution; refundCents?: number },
  now: Date,
) {
  if (input.resolution === 'refund') return refundPayment(deps, admin, input.conversationId, now);
  return settlementStep(deps, input.conversationId, async (tx, { conversation, state }) => {
    const refundCents = input.refundCents ?? 0;
    refuseIf(adminRefusal(state, input.resolution, refundCents));
    const partial = input.resolution === 'partial';
    const disputeId = await closeDispute(
      tx,
      conversation.id,
      admin.id,
      now,
      partial ? 'partially_refunded' : 'released',
      partial ? refundCents : null,
    );
    return {
      // Resolving a dispute accepts the work as it stands: the provider's share goes out now.
      patch: { disputeOpen: false, acceptedAt: conversation.acceptedAt ?? now },
      refund: partial
        ? {
            amountCents: refundCents,
            reason: 'dispute_partial_refund',
            idempotencyKey: `refund-dispute-${disputeId}`,
            requestedBy: admin.id,
          }
        : undefined,
      message: {
        senderId: admin.id,
        notice: { kind: 'dispute_resolved', refundedCents: partial ? refundCents : null },
      },
      payOut: true,
    };
  });
}

async function closeDispute(
  tx: Tx,
  conversationId: string,
  adminId: string,
  now: Date,
  status: string,
  refundCents: number | null,
) {
  const [row] = await tx
    .update(disputes)
    .set({ status, refundCents, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(disputes.conversationId, conversationId), eq(disputes.status, 'open')))
    .returning({ id: disputes.id });
  return row?.id ?? conversationId;
}
