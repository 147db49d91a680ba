import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGE_PAGES } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema/conversations';
import { loadForParticipant } from './conversation-access';

/**
 * The newest messages, oldest first; with `before` (the oldest message on screen), the page of messages just before
 * it, for scrolling back through a long conversation.
 */
export async function listMessages(
  deps: { db: Db },
  actor: { id: string },
  input: { id: string; before?: { createdAt: string; id: string } },
) {
  const { db } = deps;
  const { id: conversationId, before } = input;
  await loadForParticipant(db, actor, conversationId);
  const newest = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(before ? MESSAGE_PAGES.earlier : MESSAGE_PAGES.first);
  return newest.reverse();
}
