import { adminRefusal, reversalNeeded } from '../../../domain/settlement';
import { recordAudit } from '../audit/record-audit';
import { closeDispute } from './close-dispute';
import { refuseIf } from '../../errors';
import { remainingCents, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/**
 * Admin: refund what is left of a paid conversation; any open dispute closes. A payout already made is reversed from
 * the provider's account first.
 */
export function refundPayment(
  deps: SettlementDeps & { now?: () => Date },
  admin: { id: string },
  input: { conversationId: string },
) {
  return refundRemaining(deps, admin, input.conversationId, 'panel');
}

/**
 * The full refund, audited as what the admin chose, so one action is one audit entry: the Refund outcome of an open
 * dispute is `dispute.resolved`; a refund from the Payment panel (or a Refund outcome sent when no dispute is open,
 * which has always been allowed as a plain refund) is `payment.refunded`. The entry is written inside the step's
 * transaction after its refusal check: a refused refund records nothing.
 */
export function refundRemaining(
  deps: SettlementDeps & { now?: () => Date },
  admin: { id: string },
  conversationId: string,
  from: 'panel' | 'dispute',
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, admin.id, conversationId, async (tx, { conversation, state, transfer, payment }) => {
    refuseIf(adminRefusal(state, 'refund'));
    const amountCents = remainingCents(state);
    const reversePayout = reversalNeeded(state);
    const reversedPayoutCents = reversePayout && transfer ? transfer.amountCents : null;
    const disputeId = state.disputeOpen
      ? await closeDispute(tx, conversation.id, admin.id, now, 'refunded', amountCents)
      : null;
    const resolvesDispute = from === 'dispute' && disputeId !== null;
    await recordAudit(tx, {
      action: resolvesDispute ? 'dispute.resolved' : 'payment.refunded',
      actorId: admin.id,
      subjectId: conversation.id,
      details: resolvesDispute
        ? { outcome: 'refunded', refundCents: amountCents, disputeId, reversedPayoutCents }
        : { amountCents, paymentId: payment?.id ?? null, reversedPayoutCents, disputeId },
    });
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
        notice: { kind: 'payment_refunded', amountCents, reversedPayoutCents },
      },
      // A refund from the panel while a dispute is open ends that dispute too: the provider hears of it either way.
      event: disputeId ? { type: 'refund.issued', resolvedDisputeId: disputeId } : { type: 'refund.issued' },
    };
  });
}
