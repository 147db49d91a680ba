import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { polls } from '../../db/schema/moderation';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { ADMIN_SERVICES_REFUSALS } from './admin-services-refusals';
import { lockServicePolls } from './lock-service-polls';

/**
 * An admin puts back a service a passed poll hid, or settles a passed poll about a service that is
 * not hidden (hiding and review out of step, e.g. a poll that passed before hiding existed): hidden_at
 * cleared, the passed polls about it marked reviewed by this admin (they leave the dashboard), a 'service.restored'
 * audit row with the admin's reason, and service.restored so the listings and open admin pages show it again live;
 * all in one transaction. A service with nothing to restore or settle is refused, unchanged.
 */
export async function restoreService(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { serviceId: string; reason: string },
) {
  return inTransaction(deps, async (tx, emit) => {
    await lockServicePolls(tx, input.serviceId);
    const [service] = await tx
      .select({ id: services.id, title: services.title, userId: services.userId, hiddenAt: services.hiddenAt })
      .from(services)
      .where(eq(services.id, input.serviceId))
      .for('update');
    if (!service) throw new AppError('SERVICE_NOT_FOUND');
    const reviewed = await tx
      .update(polls)
      .set({ reviewedAt: sql`now()`, reviewedBy: admin.id })
      .where(and(eq(polls.serviceId, service.id), eq(polls.outcome, 'passed'), isNull(polls.reviewedAt)))
      .returning({ id: polls.id });
    const wasHidden = service.hiddenAt !== null;
    // Nothing hidden and no poll waiting: there is nothing to decide (the throw rolls back the empty update).
    if (!wasHidden && reviewed.length === 0) throw ADMIN_SERVICES_REFUSALS.notHidden();
    if (wasHidden) await tx.update(services).set({ hiddenAt: null }).where(eq(services.id, service.id));
    await tx.insert(auditEvents).values({
      action: 'service.restored',
      actorId: admin.id,
      subjectId: service.id,
      details: {
        title: service.title,
        ownerId: service.userId,
        reason: input.reason,
        reviewedPollIds: reviewed.map((p) => p.id),
        wasHidden,
      },
    });
    emit({ type: 'service.restored', actorId: admin.id, serviceId: service.id });
    return { ok: true as const };
  });
}
