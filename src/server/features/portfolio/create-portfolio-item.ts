import type { PortfolioItemFields } from '../../../domain/portfolio';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { toPortfolioItemData } from './portfolio-item-data';

export async function createPortfolioItem(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: PortfolioItemFields,
) {
  assertOwnUpload(deps.files, actor, input.imageUrl, 'portfolio');
  return inTransaction(deps, async (tx, emit) => {
    const [item] = await tx
      .insert(portfolioItems)
      .values({ ...input, userId: actor.id })
      .returning();
    emit({ type: 'portfolio.item-added', actorId: actor.id, itemId: item!.id, item: toPortfolioItemData(item!) });
    return item!;
  });
}
