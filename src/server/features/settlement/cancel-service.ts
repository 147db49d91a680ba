import { settlementRefusal } from '../../../domain/settlement';
import { refuseIf } from '../../errors';
import { remainingCents, requireParty, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/** Before the provider starts, the client may cancel and is refunded in full. */
export function cancelService(
  deps: SettlementDeps & { now?: () => Date },
  actor: { id: string },
  input: { conversationId: string },
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, actor.id, input.conversationId, async (_tx, { conversation, state }) => {
    refuseIf(settlementRefusal(state, requireParty(conversation, actor.id), 'cancel', now));
    const amountCents = remainingCents(state);
    return {
      patch: { cancelledAt: now },
      refund: {
        amountCents,
        reason: 'client_cancelled',
        idempotencyKey: `refund-full-${conversation.id}`,
        requestedBy: actor.id,
      },
      message: { senderId: actor.id, notice: { kind: 'service_cancelled', refundedCents: amountCents } },
      event: { type: 'service.cancelled' },
    };
  });
}
