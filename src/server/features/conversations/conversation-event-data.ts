import type { ConversationStateData, MessageData, Participants } from '../../contracts/app-events';
import type { NegotiationState } from '../../../domain/negotiation';
import type { ConversationRow } from './conversation-access';
import type { MessageRow } from './post-message';

/**
 * What conversation events carry (events/app-events.ts), made from rows in one place so every feature that changes a
 * conversation (negotiation, payment, settlement, reviews) sends its screens the same shapes.
 */
export function messageDataOf(message: MessageRow): MessageData {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    kind: message.kind,
    text: message.text,
    payload: (message.payload ?? null) as MessageData['payload'],
    isRead: message.isRead,
    createdAt: new Date(message.createdAt).toISOString(),
    detailsHidden: message.detailsHidden ?? false,
  };
}

export function conversationStateOf(state: NegotiationState): ConversationStateData {
  return { ...state, cancelled: state.cancelled ?? false };
}

export function participantsOf(conversation: Pick<ConversationRow, 'participant1Id' | 'participant2Id'>): Participants {
  return { clientId: conversation.participant1Id, providerId: conversation.participant2Id };
}
