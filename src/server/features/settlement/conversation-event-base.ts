import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { services } from '../../db/schema/services';
import { negotiationState } from '../conversations/conversation-access';
import { conversationStateOf, messageDataOf, participantsOf } from '../conversations/conversation-event-data';
import type { MessageRow } from '../conversations/post-message';

/**
 * The shared part of a payment or settlement event, read inside the transaction that made the change, so the state
 * it carries is the one that commits. Settlement changes always carry the state: the payment panel refreshes from
 * it, even when only settlement columns (accepted, disputed, paid out) moved.
 */
export async function conversationEventBase(
  tx: Tx,
  conversationId: string,
  actorId: string | null,
  message: MessageRow | null,
) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
  const [listing] = row!.serviceId
    ? await tx
        .select({ priceCents: services.priceCents, pricingType: services.pricingType })
        .from(services)
        .where(eq(services.id, row!.serviceId))
    : [];
  return {
    actorId,
    conversationId,
    participants: participantsOf(row!),
    message: message ? messageDataOf(message) : null,
    state: conversationStateOf(negotiationState(row!, listing ?? null)),
  };
}
