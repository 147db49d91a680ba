import { settlementRefusal, type DISPUTE_REASONS } from '../../../domain/settlement';
import { disputes } from '../../db/schema/settlement';
import { refuseIf } from '../../errors';
import { requireParty, settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/** The client disputes a paid service before its payout: the transfer is frozen until an admin resolves it. */
export function openDispute(
  deps: SettlementDeps & { now?: () => Date },
  actor: { id: string },
  input: { conversationId: string; reason: (typeof DISPUTE_REASONS)[number]; description: string },
) {
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, actor.id, input.conversationId, async (tx, { conversation, state }) => {
    refuseIf(settlementRefusal(state, requireParty(conversation, actor.id), 'dispute', now));
    const [dispute] = await tx
      .insert(disputes)
      .values({
        conversationId: conversation.id,
        source: 'client',
        openedBy: actor.id,
        reason: input.reason,
        description: input.description,
      })
      .returning({ id: disputes.id });
    return {
      patch: { disputeOpen: true },
      message: { senderId: actor.id, notice: { kind: 'dispute_opened', reason: input.reason } },
      event: { type: 'dispute.opened', disputeId: dispute!.id },
    };
  });
}
