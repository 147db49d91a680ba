import { eq } from 'drizzle-orm';
import { messageBody, messagePreview, toStored, type MessageBody } from '../../../domain/messages';
import type { Tx } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import type { ConversationStateData, MessageData, Participants } from '../../events/app-events';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';

export type MessageRow = typeof messages.$inferSelect;

/**
 * What a conversation's participants hear, with the data their screens apply without a query: the message (once,
 * by id), the negotiation state after a change (each party derives its own status and actions from it), or the ids
 * a reader just marked read.
 */
export type ConversationEvent =
  | { type: 'message'; message: MessageData }
  | { type: 'updated'; state: ConversationStateData }
  | { type: 'read'; readerId: string; messageIds: string[] };

/**
 * A per-user change to the conversation list and the menu's unread total, applied without a query: `changed` moves
 * the conversation up with its new last message and adds `unreadDelta` (messages from the other party); `read`
 * removes `count` unread messages (the user read them, on any of their tabs).
 */
export type InboxEvent =
  | { type: 'changed'; conversationId: string; lastMessage: string | null; updatedAt: string; unreadDelta: number }
  | { type: 'read'; conversationId: string; count: number };

/**
 * Stores a message and makes it the conversation's last message, inside the caller's transaction. Server code posts
 * notices through here; what participants type goes through sendMessage, which only ever writes text.
 */
export async function insertMessage(tx: Tx, conversationId: string, senderId: string, body: MessageBody) {
  const [message] = await tx
    .insert(messages)
    .values({ conversationId, senderId, ...toStored(body) })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessage: messagePreview(body), updatedAt: message!.createdAt })
    .where(eq(conversations.id, conversationId));
  return message!;
}

/** The list's one-line preview of a message, as insertMessage stores it in `conversations.last_message`. */
export function previewOf(message: Pick<MessageData, 'kind' | 'text' | 'payload'>): string | null {
  const body = messageBody(message);
  return body ? messagePreview(body) : message.text;
}

/** A conversation change as its live channels carry it: what publish-live.ts sends for every conversation event. */
export interface LiveChange {
  conversationId: string;
  participants: Participants;
  messages: readonly MessageData[];
  state: ConversationStateData | null;
}

/** Publishes a change to the conversation's channel and, when it posted messages, to both participants' inboxes. */
export function publishChange(bus: EventBus, { conversationId, participants, messages: posted, state }: LiveChange) {
  const channel = channels.conversation(conversationId);
  for (const message of posted) bus.publish(channel, { type: 'message', message });
  if (state) bus.publish(channel, { type: 'updated', state });
  const last = posted.at(-1);
  if (!last) return;
  for (const userId of [participants.clientId, participants.providerId]) {
    bus.publish(channels.inbox(userId), {
      type: 'changed',
      conversationId,
      lastMessage: previewOf(last),
      updatedAt: last.createdAt,
      unreadDelta: posted.filter((m) => m.senderId !== userId).length,
    });
  }
}
