import { and, eq, ne } from 'drizzle-orm';
import { MESSAGE_PAGES } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema/conversations';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { loadForParticipant } from './conversation-access';
import { participantsOf } from './conversation-event-data';

/**
 * Marks the other party's unread messages read; `messages.read` carries their ids so the other screen ticks exactly
 * those and the reader's badge drops by their number. Nothing to mark, no event.
 */
export async function markRead(deps: { db: Db; events: DomainEvents }, actor: { id: string }, input: { id: string }) {
  const { conversation } = await loadForParticipant(deps.db, actor, input.id);
  const read = await inTransaction(deps, async (tx, emit) => {
    const marked = await tx
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.conversationId, input.id), ne(messages.senderId, actor.id), eq(messages.isRead, false)))
      .returning({ id: messages.id, createdAt: messages.createdAt });
    if (marked.length > 0) {
      emit({
        type: 'messages.read',
        actorId: actor.id,
        conversationId: input.id,
        participants: participantsOf(conversation),
        // RETURNING gives no order: the newest by time are the ones on screen.
        messageIds: marked
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .slice(-MESSAGE_PAGES.first)
          .map((m) => m.id),
        count: marked.length,
        message: null,
        state: null,
      });
    }
    return marked.length;
  });
  return { read };
}
