import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';

/** How many messages from others the user has not read, over all conversations (the menu badge). */
export async function countUnread(deps: { db: Db }, actor: { id: string }, _input: Record<string, never> = {}) {
  const userId = actor.id;
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)),
        ne(messages.senderId, userId),
        eq(messages.isRead, false),
      ),
    );
  return row?.count ?? 0;
}
