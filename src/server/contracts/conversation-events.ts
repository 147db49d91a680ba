import type { ConversationStateData, MessageData } from './app-events';

/**
 * What a conversation's participants hear, with the data their screens apply without a query: the message (once,
 * by id), the negotiation state after a change (each party derives its own status and actions from it), or the ids
 * a reader just marked read.
 */
export type ConversationEvent =
  | { type: 'message'; message: MessageData }
  | { type: 'updated'; state: ConversationStateData }
  | { type: 'read'; readerId: string; messageIds: string[] }
  /** A moderator removed a message: it stays in place with these words. */
  | { type: 'message-removed'; messageId: string; text: string };

/**
 * A per-user change to the conversation list and the menu's unread total, applied without a query: `changed` moves
 * the conversation up with its new last message and adds `unreadDelta` (messages from the other party); `read`
 * removes `count` unread messages (the user read them, on any of their tabs).
 */
export type InboxEvent =
  | { type: 'changed'; conversationId: string; lastMessage: string | null; updatedAt: string; unreadDelta: number }
  | { type: 'read'; conversationId: string; count: number };
