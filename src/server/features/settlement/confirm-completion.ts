import { isAutoConfirmDue, settlementRefusal } from '../../../domain/settlement';
import { refuseIf, requireParty, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/** The client accepts the finished work: the provider's share is transferred (or held until their account is Ready). */
export function confirmCompletion(deps: SettlementDeps, actor: { id: string }, conversationId: string, now: Date) {
  return settlementStep(deps, conversationId, async (_tx, { conversation, state }) => {
    refuseIf(settlementRefusal(state, requireParty(conversation, actor.id), 'confirm', now));
    return {
      patch: { acceptedAt: now },
      message: { senderId: actor.id, notice: { kind: 'completion_confirmed', automatic: false } },
      payOut: true,
    };
  });
}

/** Accepts a completed service 3 days after completion when the client neither confirmed nor disputed it. */
export function autoConfirm(deps: SettlementDeps, conversationId: string, now: Date) {
  return settlementStep(deps, conversationId, async (_tx, { conversation, state }) => {
    if (!isAutoConfirmDue(state, now)) return {};
    return {
      patch: { acceptedAt: now },
      message: { senderId: conversation.participant1Id, notice: { kind: 'completion_confirmed', automatic: true } },
      payOut: true,
    };
  });
}
