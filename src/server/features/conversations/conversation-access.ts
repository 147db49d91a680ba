import { eq } from 'drizzle-orm';
import type { Party } from '../../../domain/deal';
import type { NegotiationState } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { type services } from '../../db/schema/services';
import { AppError } from '../../errors';

export type ConversationRow = typeof conversations.$inferSelect;

/** The side the actor is on, or null for anyone else (admins included: they reset, they do not read). */
export function partyOf(conversation: Pick<ConversationRow, 'participant1Id' | 'participant2Id'>, userId: string) {
  if (conversation.participant1Id === userId) return 'client' as const;
  if (conversation.participant2Id === userId) return 'provider' as const;
  return null;
}

/**
 * The conversation and the actor's side, for its two participants only. A missing conversation gets the same answer
 * as someone else's, so ids cannot be probed.
 */
export async function loadForParticipant(
  db: Db,
  actor: { id: string },
  conversationId: string,
): Promise<{ conversation: ConversationRow; party: Party }> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  const party = conversation ? partyOf(conversation, actor.id) : null;
  if (!conversation || !party) throw new AppError('NOT_A_PARTICIPANT');
  return { conversation, party };
}

/** The negotiation fields of a row, with the listing price of its service (null for offers on requests). */
export function negotiationState(
  row: ConversationRow,
  listing: Pick<typeof services.$inferSelect, 'priceCents' | 'pricingType'> | null,
): NegotiationState {
  return {
    listingPriceCents: listing?.priceCents ?? null,
    listingPricingType: listing?.pricingType ?? null,
    latestProposal:
      row.latestProposalPriceCents !== null && row.latestProposalBy
        ? {
            priceCents: row.latestProposalPriceCents,
            pricingType: row.latestProposalPricingType ?? 'fixed',
            by: row.latestProposalBy as Party,
            rejected: row.latestProposalRejected,
          }
        : null,
    finalPriceCents: row.finalPriceCents,
    finalPricingType: row.finalPricingType,
    // Paid is when the payment arrived: one column, no flag beside it to disagree with it.
    paymentCompleted: row.paidAt !== null,
    serviceStarted: row.serviceStarted,
    serviceCompleted: row.completedAt !== null,
    cancelled: row.cancelledAt !== null,
  };
}

/** The row columns a state patch writes. */
export function toColumns(patch: Partial<NegotiationState>): Partial<ConversationRow> {
  const columns: Partial<ConversationRow> = {};
  if (patch.latestProposal !== undefined) {
    columns.latestProposalPriceCents = patch.latestProposal?.priceCents ?? null;
    columns.latestProposalPricingType = patch.latestProposal?.pricingType ?? null;
    columns.latestProposalBy = patch.latestProposal?.by ?? null;
    columns.latestProposalRejected = patch.latestProposal?.rejected ?? false;
  }
  if (patch.finalPriceCents !== undefined) {
    columns.finalPriceCents = patch.finalPriceCents;
    columns.priceAgreedByNonPostingParty = patch.finalPriceCents !== null;
  }
  if (patch.finalPricingType !== undefined) columns.finalPricingType = patch.finalPricingType;
  if (patch.paymentCompleted !== undefined) columns.paidAt = patch.paymentCompleted ? new Date() : null;
  if (patch.serviceStarted !== undefined) columns.serviceStarted = patch.serviceStarted;
  if (patch.serviceCompleted !== undefined) columns.completedAt = patch.serviceCompleted ? new Date() : null;
  return columns;
}
