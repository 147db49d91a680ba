import { adminRefusal, reversalNeeded } from '../../../domain/settlement';
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
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, admin.id, input.conversationId, async (tx, { conversation, state, transfer }) => {
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
      event: { type: 'refund.issued' },
    };
  });
}
