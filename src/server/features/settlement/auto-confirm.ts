import { isAutoConfirmDue } from '../../../domain/settlement';
import { settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/**
 * The sweep accepts a completed service 3 days after completion when the client neither confirmed nor disputed it.
 * The server acts: there is no actor.
 */
export function autoConfirm(
  deps: SettlementDeps & { now?: () => Date },
  _actor: null,
  input: { conversationId: string },
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, null, input.conversationId, async (_tx, { conversation, state }) => {
    if (!isAutoConfirmDue(state, now)) return {};
    return {
      patch: { acceptedAt: now },
      message: { senderId: conversation.participant1Id, notice: { kind: 'completion_confirmed', automatic: true } },
      event: { type: 'completion.confirmed', automatic: true },
      payOut: true,
    };
  });
}
