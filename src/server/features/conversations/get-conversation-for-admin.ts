import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { AppError } from '../../errors';
import { describeConversation } from './describe-conversation';

/**
 * The same view for an admin who is not a party (no actions, no messages): the reset tool's page. The router
 * admits admins only.
 */
export async function getConversationForAdmin(deps: { db: Db }, _admin: { id: string }, input: { id: string }) {
  const [conversation] = await deps.db.select().from(conversations).where(eq(conversations.id, input.id));
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
  return describeConversation(deps.db, conversation, null);
}
