import { settlementRefusal } from '../../../domain/settlement';
import { refuseIf } from '../../errors';
import { requireParty, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/** The client accepts the finished work: the provider's share is transferred (or held until their account is Ready). */
export function confirmCompletion(
  deps: SettlementDeps & { now?: () => Date },
  actor: { id: string },
  input: { conversationId: string },
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, actor.id, input.conversationId, async (_tx, { conversation, state }) => {
    refuseIf(settlementRefusal(state, requireParty(conversation, actor.id), 'confirm', now));
    return {
      patch: { acceptedAt: now },
      message: { senderId: actor.id, notice: { kind: 'completion_confirmed', automatic: false } },
      event: { type: 'completion.confirmed', automatic: false },
      payOut: true,
    };
  });
}
