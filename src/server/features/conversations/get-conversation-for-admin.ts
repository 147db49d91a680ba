import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messageOriginals, messages } from '../../db/schema/conversations';
import { AppError } from '../../errors';
import { describeConversation } from './describe-conversation';

/** The newest messages whose contact details were hidden, at most this many, on the admin view. */
export const HELD_DETAILS_SHOWN = 50;

/**
 * The same view for an admin who is not a party (no actions, no messages): the reset tool's page. The router
 * admits admins only. It adds, for moderation only, the original words of the messages whose contact details were
 * hidden from the participants: nowhere else are they read.
 */
export async function getConversationForAdmin(deps: { db: Db }, _admin: { id: string }, input: { id: string }) {
  const [conversation] = await deps.db.select().from(conversations).where(eq(conversations.id, input.id));
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
  const [view, heldDetails] = await Promise.all([
    describeConversation(deps.db, conversation, null),
    deps.db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
        shownText: messages.text,
        originalTextForModeration: messageOriginals.text,
      })
      .from(messages)
      .innerJoin(messageOriginals, eq(messageOriginals.messageId, messages.id))
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(HELD_DETAILS_SHOWN),
  ]);
  return { ...view, heldDetails };
}
