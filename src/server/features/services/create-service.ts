import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { toServiceRow, type ServiceOffer } from './service-fields';

export async function createService(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: ServiceOffer,
) {
  const row = toServiceRow(input);
  assertOwnUpload(deps.files, actor, row.imageUrl, 'service');
  return inTransaction(deps, async (tx, emit) => {
    const [created] = await tx
      .insert(services)
      .values({ ...row, userId: actor.id })
      .returning({ id: services.id });
    emit({ type: 'service.created', actorId: actor.id, serviceId: created!.id });
    return created!;
  });
}
