import { eq } from 'drizzle-orm';
import type { Notice } from '../../../domain/messages';
import type { SettlementState } from '../../../domain/settlement';
import type { Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { AppError } from '../../errors';
import { inTransaction } from '../../events/in-transaction';
import { partyOf, type ConversationRow } from '../conversations/conversation-access';
import { insertMessage, type MessageRow } from '../conversations/post-message';
import { conversationEventBase } from './conversation-event-base';
import { claimRefund, sendRefund, type RefundRow } from './refunds';
import { claimReversal, sendReversal } from './reversals';
import { lockConversation, readSettlement, type Settlement, type TransferRow } from './settlement-state';
import { payOutIfDue, type SettlementDeps } from './transfers';

export interface StepResult {
  conversation: ConversationRow;
  messages: MessageRow[];
  refund: RefundRow | null;
  reversal: TransferRow | null;
  paymentIntentId: string | null;
  payOut: boolean;
}

/**
 * The event a step's change is. `refund.issued` names a step whose change is the refund itself (its notice goes with
 * it); a refund claimed by any other step is recorded as well, as a second event without message or state.
 */
export type StepEvent =
  | { type: 'service.cancelled' }
  | { type: 'dispute.opened'; disputeId: string }
  | { type: 'dispute.resolved'; disputeId: string; refundCents: number | null }
  | { type: 'completion.confirmed'; automatic: boolean }
  | { type: 'refund.issued'; resolvedDisputeId?: string };

export interface StepDecision {
  patch?: Partial<ConversationRow>;
  message?: { senderId: string; notice: Notice };
  refund?: { amountCents: number; reason: string; idempotencyKey: string; requestedBy: string | null };
  /** Take the provider's payout back (an admin refund after it was made). */
  reversePayout?: boolean;
  payOut?: boolean;
  event?: StepEvent;
}

/**
 * Runs one settlement step under the conversation's row lock and records its events in that transaction, then,
 * after the commit, moves the money it decided (refund, transfer). Steps return what to write; this does the rest,
 * once. `actorId` is null when the server acts (the sweep).
 */
export async function settlementStep(
  deps: SettlementDeps,
  actorId: string | null,
  conversationId: string,
  step: (tx: Tx, settlement: Settlement) => Promise<StepDecision>,
): Promise<StepResult> {
  const result = await inTransaction(deps, async (tx, emit) => {
    const conversation = await lockConversation(tx, conversationId);
    const settlement = await readSettlement(tx, conversation);
    const decided = await step(tx, settlement);
    const reversal = decided.reversePayout ? await claimReversal(tx, settlement, new Date()) : null;
    const refund = decided.refund ? await claimRefund(tx, settlement, decided.refund) : null;
    if (decided.patch) await tx.update(conversations).set(decided.patch).where(eq(conversations.id, conversationId));
    const message = decided.message
      ? await insertMessage(tx, conversationId, decided.message.senderId, decided.message.notice)
      : null;
    if (decided.patch || message) {
      const base = await conversationEventBase(tx, conversationId, actorId, message);
      const named = decided.event;
      if (named?.type === 'service.cancelled') emit({ ...base, type: 'service.cancelled' });
      if (named?.type === 'dispute.opened') emit({ ...base, type: 'dispute.opened', disputeId: named.disputeId });
      if (named?.type === 'dispute.resolved') emit({ ...base, ...named });
      if (named?.type === 'completion.confirmed') emit({ ...base, ...named });
      if (refund) {
        const own = named?.type === 'refund.issued';
        emit({
          ...base,
          ...(own ? {} : { message: null, state: null }),
          ...(own && named.resolvedDisputeId ? { resolvedDisputeId: named.resolvedDisputeId } : {}),
          type: 'refund.issued',
          refundId: refund.id,
          amountCents: refund.amountCents,
        });
      }
    }
    return {
      conversation,
      messages: message ? [message] : [],
      refund,
      reversal,
      paymentIntentId: settlement.payment?.paymentIntentId ?? null,
      payOut: decided.payOut ?? false,
    };
  });
  if (result.reversal) await sendReversal(deps, result.reversal);
  if (result.refund && result.paymentIntentId) await sendRefund(deps, result.refund, result.paymentIntentId);
  if (result.payOut) await payOutIfDue(deps, conversationId);
  return result;
}

/** The actor's side in a locked conversation; anyone else gets the same answer as for a missing one. */
export function requireParty(conversation: ConversationRow, actorId: string) {
  const party = partyOf(conversation, actorId);
  if (!party) throw new AppError('NOT_A_PARTICIPANT');
  return party;
}

/** What is still refundable of a payment. */
export const remainingCents = (state: SettlementState) => state.amountCents - state.refundedCents;
