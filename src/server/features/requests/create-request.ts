import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { toRequestRow, type RequestFields } from './request-fields';

export async function createRequest(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: RequestFields,
) {
  const row = toRequestRow(input);
  assertOwnUpload(deps.files, actor, row.imageUrl, 'request');
  return inTransaction(deps, async (tx, emit) => {
    const [created] = await tx
      .insert(serviceRequests)
      .values({ ...row, userId: actor.id })
      .returning({ id: serviceRequests.id });
    emit({ type: 'request.created', actorId: actor.id, requestId: created!.id });
    return created!;
  });
}
