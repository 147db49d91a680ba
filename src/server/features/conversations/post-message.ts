import { eq } from 'drizzle-orm';
import { messageBody, messagePreview, toStored, type MessageBody } from '../../../domain/messages';
import type { Tx } from '../../db/database';
import { conversations, messageOriginals, messages } from '../../db/schema/conversations';
import type { ConversationStateData, MessageData, Participants } from '../../contracts/app-events';
import type { EventBus } from '../../realtime/event-bus';
import { conversationsChannels } from './conversations.channels';

/** A message as its participants read it (the original of hidden contact details is in message_originals). */
export type MessageRow = typeof messages.$inferSelect;

/**
 * Stores a message and makes it the conversation's last message, inside the caller's transaction. Server code posts
 * notices through here; what participants type goes through sendMessage, which only ever writes text.
 * `originalText`: the words as typed when contact details were hidden (screen-details.ts).
 */
export async function insertMessage(
  tx: Tx,
  conversationId: string,
  senderId: string,
  body: MessageBody,
  originalText: string | null = null,
) {
  const [message] = await tx
    .insert(messages)
    .values({ conversationId, senderId, ...toStored(body), detailsHidden: originalText !== null })
    .returning();
  if (originalText !== null) await tx.insert(messageOriginals).values({ messageId: message!.id, text: originalText });
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
  const channel = conversationsChannels.conversation(conversationId);
  for (const message of posted) bus.publish(channel, { type: 'message', message });
  if (state) bus.publish(channel, { type: 'updated', state });
  const last = posted.at(-1);
  if (!last) return;
  for (const userId of [participants.clientId, participants.providerId]) {
    bus.publish(conversationsChannels.inbox(userId), {
      type: 'changed',
      conversationId,
      lastMessage: previewOf(last),
      updatedAt: last.createdAt,
      unreadDelta: posted.filter((m) => m.senderId !== userId).length,
    });
  }
}
