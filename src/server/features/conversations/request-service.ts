import { and, eq } from 'drizzle-orm';
import { greetingFor } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { services } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { messageDataOf, participantsOf } from './conversation-event-data';
import { insertMessage } from './post-message';
import { publicService } from '../services/service-queries';
import { refuseIfBlocked } from '../blocks/contact-refusal';

/**
 * A client requests a service: one conversation per (service, client) with the greeting that names the service.
 * Pressing Request again (or twice at once) opens the same conversation, and only the first records
 * `conversation.opened`. A hidden service or a suspended owner's is refused exactly as a missing one (publicService).
 */
export async function requestService(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { serviceId: string },
) {
  const { db } = deps;
  const { serviceId } = input;
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), publicService()))
    .limit(1);
  if (!service) throw new AppError('SERVICE_NOT_FOUND');
  if (service.userId === actor.id) throw new AppError('OWN_SERVICE');
  await refuseIfBlocked(db, actor.id, service.userId, 'BLOCKED_CONTACT');

  const openedId = await inTransaction(deps, async (tx, emit) => {
    const [created] = await tx
      .insert(conversations)
      .values({ participant1Id: actor.id, participant2Id: service.userId, serviceId, subjectTitle: service.title })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    const message = await insertMessage(tx, created.id, actor.id, { kind: 'text', text: greetingFor(service.title) });
    emit({
      type: 'conversation.opened',
      actorId: actor.id,
      conversationId: created.id,
      participants: participantsOf(created),
      serviceId,
      requestId: null,
      message: messageDataOf(message),
      state: null,
    });
    return created.id;
  });
  if (openedId) return { id: openedId, created: true };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.serviceId, serviceId), eq(conversations.participant1Id, actor.id)))
    .limit(1);
  return { id: existing!.id, created: false };
}
