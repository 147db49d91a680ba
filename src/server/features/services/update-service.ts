import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { assertServiceOwner } from './service-access';
import { toServiceRow, type ServiceEdit } from './service-fields';

/** Only the owner may edit; a replaced image's file is removed once the change is committed. */
export async function updateService(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string; fields: ServiceEdit },
) {
  const row = toServiceRow(input.fields);
  const previousImage = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertServiceOwner(tx, actor, input.id);
    if (row.imageUrl !== existing.imageUrl) assertOwnUpload(deps.files, actor, row.imageUrl, 'service');
    await tx
      .update(services)
      .set({ ...row, updatedAt: new Date() })
      .where(and(eq(services.id, input.id), eq(services.userId, actor.id)));
    emit({ type: 'service.updated', actorId: actor.id, serviceId: input.id });
    return existing.imageUrl;
  });
  if (previousImage && previousImage !== row.imageUrl) await deps.files.remove(previousImage);
  return { id: input.id };
}
