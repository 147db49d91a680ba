import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { polls } from '../../db/schema/moderation';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import { lockServicePolls } from './lock-service-polls';

/**
 * An admin deletes any service (spec 3: Delete, with confirmation), with its 'service.deleted' audit
 * row (title, owner, why, and the passed polls this decides) in the same transaction, and service.deleted so the
 * listings and other admins' pages drop it live. Its polls go with it (polls.service_id cascades), so the passed
 * poll it settles leaves the dashboard; the audit row keeps which poll that was. The image file goes after the
 * commit, as with an owner's delete: a failed transaction never loses the file of a service that still exists.
 * Its poll rows are locked before the service row (lock-service-polls.ts), the poll sweep's order.
 */
export async function deleteServiceAsAdmin(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  admin: { id: string },
  input: { serviceId: string; reason: string },
) {
  const image = await inTransaction(deps, async (tx, emit) => {
    await lockServicePolls(tx, input.serviceId);
    const [service] = await tx
      .select({ id: services.id, title: services.title, userId: services.userId, imageUrl: services.imageUrl })
      .from(services)
      .where(eq(services.id, input.serviceId))
      .for('update');
    if (!service) throw new AppError('SERVICE_NOT_FOUND');
    const settled = await tx
      .select({ id: polls.id })
      .from(polls)
      .where(and(eq(polls.serviceId, service.id), eq(polls.outcome, 'passed'), isNull(polls.reviewedAt)));
    await tx.delete(services).where(eq(services.id, service.id));
    await tx.insert(auditEvents).values({
      action: 'service.deleted',
      actorId: admin.id,
      subjectId: service.id,
      details: {
        title: service.title,
        ownerId: service.userId,
        reason: input.reason,
        reviewedPollIds: settled.map((p) => p.id),
      },
    });
    emit({ type: 'service.deleted', actorId: admin.id, serviceId: service.id });
    return service.imageUrl;
  });
  await deps.files.remove(image);
  return { ok: true as const };
}
