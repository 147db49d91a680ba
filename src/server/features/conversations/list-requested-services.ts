import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';

/** Which services the user already requested, and the conversation each opened (cards then show Chat). */
export function listRequestedServices(deps: { db: Db }, actor: { id: string }, _input: Record<string, never> = {}) {
  return deps.db
    .select({ serviceId: conversations.serviceId, conversationId: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, actor.id), isNotNull(conversations.serviceId)));
}
