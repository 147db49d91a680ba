import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import type { Notice } from '../../../domain/messages';
import type { SettlementState } from '../../../domain/settlement';
import type { Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { partyOf, type ConversationRow } from '../conversations/conversation-access';
import { announce, insertMessage, type MessageRow } from '../conversations/post-message';
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
 * Runs one settlement step under the conversation's row lock, then, after the commit, moves the money it decided
 * (refund, transfer) and tells both participants. Steps return what to write; this does the rest, once.
 */
export async function settlementStep(
  deps: SettlementDeps,
  conversationId: string,
  step: (
    tx: Tx,
    settlement: Settlement,
  ) => Promise<{
    patch?: Partial<ConversationRow>;
    message?: { senderId: string; notice: Notice };
    refund?: { amountCents: number; reason: string; idempotencyKey: string; requestedBy: string | null };
    /** Take the provider's payout back (an admin refund after it was made). */
    reversePayout?: boolean;
    payOut?: boolean;
  }>,
): Promise<StepResult> {
  const result = await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    const settlement = await readSettlement(tx, conversation);
    const decided = await step(tx, settlement);
    const reversal = decided.reversePayout ? await claimReversal(tx, settlement, new Date()) : null;
    const refund = decided.refund ? await claimRefund(tx, settlement, decided.refund) : null;
    if (decided.patch) await tx.update(conversations).set(decided.patch).where(eq(conversations.id, conversationId));
    const messages = decided.message
      ? [await insertMessage(tx, conversationId, decided.message.senderId, decided.message.notice)]
      : [];
    return {
      conversation,
      messages,
      refund,
      reversal,
      paymentIntentId: settlement.payment?.paymentIntentId ?? null,
      payOut: decided.payOut ?? false,
    };
  });
  if (result.reversal) await sendReversal(deps, result.reversal);
  if (result.refund && result.paymentIntentId) await sendRefund(deps, result.refund, result.paymentIntentId);
  if (result.payOut) await payOutIfDue(deps, conversationId);
  announce(deps.bus, result.conversation, [
    ...result.messages.map((message) => ({ type: 'message' as const, message })),
    { type: 'updated' as const },
  ]);
  return result;
}

/** The actor's side in a locked conversation; anyone else gets the same answer as for a missing one. */
export function requireParty(conversation: ConversationRow, actorId: string) {
  const party = partyOf(conversation, actorId);
  if (!party) throw new AppError('FORBIDDEN', CONVERSATION_MESSAGES.noAccess);
  return party;
}

export function refuseIf(reason: string | null) {
  if (reason) throw new AppError('CONFLICT', reason);
}

/** What is still refundable of a payment. */
export const remainingCents = (state: SettlementState) => state.amountCents - state.refundedCents;
