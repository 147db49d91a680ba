import { and, eq } from 'drizzle-orm';
import { SERVICE_MESSAGES } from '../../../domain/services';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import { lockServicePolls } from '../admin-services/lock-service-polls';
import { assertServiceOwner } from './service-access';

/**
 * Only the owner may delete; the image file goes once the deletion is committed. Not while a passed community poll
 * keeps it hidden: deleting would take its reports and the poll with it (they cascade), the evidence
 * an admin is about to review, for a service members may have reported as a scam; the admin decides, then the owner
 * may delete a restored one. The poll rows are locked before the service row, the poll sweep's order (so the two
 * cannot deadlock), and hidden_at is read under that lock, so a poll passing at the same moment is seen.
 */
export async function deleteService(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string },
) {
  const image = await inTransaction(deps, async (tx, emit) => {
    await assertServiceOwner(tx, actor, input.id);
    await lockServicePolls(tx, input.id);
    const [existing] = await tx
      .select({ imageUrl: services.imageUrl, hiddenAt: services.hiddenAt })
      .from(services)
      .where(and(eq(services.id, input.id), eq(services.userId, actor.id)))
      .for('update');
    if (!existing) throw new AppError('SERVICE_NOT_FOUND');
    if (existing.hiddenAt !== null) throw new AppError('CONFLICT', SERVICE_MESSAGES.underReview);
    await tx.delete(services).where(and(eq(services.id, input.id), eq(services.userId, actor.id)));
    emit({ type: 'service.deleted', actorId: actor.id, serviceId: input.id });
    return existing.imageUrl;
  });
  await deps.files.remove(image);
  return { ok: true };
}
