import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { assertRequestOwner, toRequestRow, type RequestFields } from './request-fields';

/** Only the owner may edit; a replaced image's file is removed once the change is committed. */
export async function updateRequest(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string; fields: RequestFields },
) {
  const row = toRequestRow(input.fields);
  const previousImage = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertRequestOwner(tx, actor, input.id);
    if (row.imageUrl !== existing.imageUrl) assertOwnUpload(deps.files, actor, row.imageUrl, 'request');
    await tx
      .update(serviceRequests)
      .set({ ...row, updatedAt: new Date() })
      .where(and(eq(serviceRequests.id, input.id), eq(serviceRequests.userId, actor.id)));
    emit({ type: 'request.updated', actorId: actor.id, requestId: input.id });
    return existing.imageUrl;
  });
  if (previousImage && previousImage !== row.imageUrl) await deps.files.remove(previousImage);
  return { id: input.id };
}
