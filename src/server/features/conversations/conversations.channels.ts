import type { ConversationEvent, InboxEvent } from '../../contracts/conversation-events';
import { defineChannel } from '../../realtime/channels';

/** Direct conversations' live channels. */
export const conversationsChannels = {
  /** A conversation's new messages, reads and state changes: its two participants only. */
  conversation: (conversationId: string) => defineChannel<ConversationEvent>(`conversation:${conversationId}`),
  /** One user's conversation list changed (a new conversation, a message, an unread count). */
  inbox: (userId: string) => defineChannel<InboxEvent>(`inbox:${userId}`),
} as const;
