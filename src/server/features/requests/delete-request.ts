import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import { assertRequestOwner } from './request-fields';

/** Only the owner may delete; the image file goes once the deletion is committed. */
export async function deleteRequest(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string },
) {
  const image = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertRequestOwner(tx, actor, input.id);
    await tx.delete(serviceRequests).where(and(eq(serviceRequests.id, input.id), eq(serviceRequests.userId, actor.id)));
    emit({ type: 'request.deleted', actorId: actor.id, requestId: input.id });
    return existing.imageUrl;
  });
  await deps.files.remove(image);
  return { ok: true };
}
