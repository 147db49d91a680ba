import { eq } from 'drizzle-orm';
import { messagePreview, toStored, type MessageBody } from '../../../domain/messages';
import type { Tx } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';

export type MessageRow = typeof messages.$inferSelect;

export type ConversationEvent =
  { type: 'message'; message: MessageRow } | { type: 'read'; readerId: string } | { type: 'updated' };
export type InboxEvent = { type: 'changed'; conversationId: string };

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

/** After the commit: the conversation's subscribers and both participants' lists hear of it. */
export function announce(
  bus: EventBus,
  conversation: { id: string; participant1Id: string; participant2Id: string },
  events: ConversationEvent[],
) {
  for (const event of events) bus.publish(channels.conversation(conversation.id), event);
  for (const userId of [conversation.participant1Id, conversation.participant2Id]) {
    bus.publish(channels.inbox(userId), { type: 'changed', conversationId: conversation.id } satisfies InboxEvent);
  }
}
