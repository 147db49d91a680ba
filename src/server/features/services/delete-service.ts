import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import { assertServiceOwner } from './service-access';

/** Only the owner may delete; the image file goes once the deletion is committed. */
export async function deleteService(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string },
) {
  const image = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertServiceOwner(tx, actor, input.id);
    await tx.delete(services).where(and(eq(services.id, input.id), eq(services.userId, actor.id)));
    emit({ type: 'service.deleted', actorId: actor.id, serviceId: input.id });
    return existing.imageUrl;
  });
  await deps.files.remove(image);
  return { ok: true };
}
