import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { polls } from '../../db/schema/moderation';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { ADMIN_SERVICES_REFUSALS } from './admin-services-refusals';

/**
 * An admin puts back a service a passed poll hid (issue 15 item 3): hidden_at cleared, the passed polls about it
 * marked reviewed by this admin (they leave the dashboard), a 'service.restored' audit row, and service.restored so
 * the listings show it again live; all in one transaction. A service that is not hidden is refused, unchanged.
 */
export async function restoreService(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { serviceId: string },
) {
  return inTransaction(deps, async (tx, emit) => {
    const [restored] = await tx
      .update(services)
      .set({ hiddenAt: null })
      .where(and(eq(services.id, input.serviceId), isNotNull(services.hiddenAt)))
      .returning({ id: services.id, title: services.title, userId: services.userId });
    if (!restored) {
      const [exists] = await tx.select({ id: services.id }).from(services).where(eq(services.id, input.serviceId));
      throw exists ? ADMIN_SERVICES_REFUSALS.notHidden() : new AppError('SERVICE_NOT_FOUND');
    }
    const reviewed = await tx
      .update(polls)
      .set({ reviewedAt: sql`now()`, reviewedBy: admin.id })
      .where(and(eq(polls.serviceId, restored.id), eq(polls.outcome, 'passed'), isNull(polls.reviewedAt)))
      .returning({ id: polls.id });
    await tx.insert(auditEvents).values({
      action: 'service.restored',
      actorId: admin.id,
      subjectId: restored.id,
      details: { title: restored.title, ownerId: restored.userId, reviewedPollIds: reviewed.map((p) => p.id) },
    });
    emit({ type: 'service.restored', actorId: admin.id, serviceId: restored.id });
    return { ok: true as const };
  });
}
