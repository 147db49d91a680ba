import { isAutoConfirmDue } from '../../../domain/settlement';
import { adminReviewHold } from '../services/service-queries';
import { settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/**
 * The sweep accepts a completed service 3 days after completion when the client neither confirmed nor disputed it.
 * The server acts: there is no actor. Not while an admin reviews the service (hidden by a passed poll) or the
 * provider (suspended): read under the conversation's lock, so the payout waits for the admin's decision (the
 * sweep tries again every minute and accepts it once the hold is lifted).
 */
export function autoConfirm(
  deps: SettlementDeps & { now?: () => Date },
  _actor: null,
  input: { conversationId: string },
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, null, input.conversationId, async (tx, { conversation, state }) => {
    if (!isAutoConfirmDue(state, now)) return {};
    const hold = await adminReviewHold(tx, {
      serviceId: conversation.serviceId,
      providerId: conversation.participant2Id,
    });
    if (hold) return {};
    return {
      patch: { acceptedAt: now },
      message: { senderId: conversation.participant1Id, notice: { kind: 'completion_confirmed', automatic: true } },
      event: { type: 'completion.confirmed', automatic: true },
      payOut: true,
    };
  });
}
