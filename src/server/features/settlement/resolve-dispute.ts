import { adminRefusal, type AdminResolution } from '../../../domain/settlement';
import { closeDispute } from './close-dispute';
import { recordAudit } from '../audit/record-audit';
import { refundRemaining } from './refund-payment';
import { refuseIf } from '../../errors';
import { settlementStep } from './settle-conversation';
import type { SettlementDeps } from './transfers';

/**
 * Admin: ends an open dispute. Release pays the provider; refund returns everything left to the client; partial
 * returns part of it and pays the provider their share of the rest. Each outcome is one `dispute.resolved` audit
 * entry in the step's transaction, written only once the refusal checks have passed.
 */
export function resolveDispute(
  deps: SettlementDeps & { now?: () => Date },
  admin: { id: string },
  input: { conversationId: string; resolution: AdminResolution; refundCents?: number },
) {
  if (input.resolution === 'refund') {
    return refundRemaining(deps, admin, input.conversationId, 'dispute');
  }
  const now = deps.now?.() ?? new Date();
  return settlementStep(deps, admin.id, input.conversationId, async (tx, { conversation, state }) => {
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
    await recordAudit(tx, {
      action: 'dispute.resolved',
      actorId: admin.id,
      subjectId: conversation.id,
      details: {
        outcome: partial ? 'partially_refunded' : 'released',
        refundCents: partial ? refundCents : null,
        disputeId,
      },
    });
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
      // A partial resolution is a refund (its notice goes with it); a release resolves the dispute.
      event: partial
        ? { type: 'refund.issued', resolvedDisputeId: disputeId }
        : { type: 'dispute.resolved', disputeId, refundCents: null },
      payOut: true,
    };
  });
}
