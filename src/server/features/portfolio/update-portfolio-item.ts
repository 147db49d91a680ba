import { and, eq } from 'drizzle-orm';
import type { PortfolioItemFields } from '../../../domain/portfolio';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { assertPortfolioOwner } from './portfolio-access';
import { toPortfolioItemData } from './portfolio-item-data';

/** Only the owner may edit; a replaced image's file is removed once the change is committed. */
export async function updatePortfolioItem(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string; fields: PortfolioItemFields },
) {
  const { item, previousImage } = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertPortfolioOwner(tx, actor, input.id);
    assertOwnUpload(deps.files, actor, input.fields.imageUrl, 'portfolio');
    const [updated] = await tx
      .update(portfolioItems)
      .set({ ...input.fields, updatedAt: new Date() })
      .where(and(eq(portfolioItems.id, input.id), eq(portfolioItems.userId, actor.id)))
      .returning();
    emit({ type: 'portfolio.item-updated', actorId: actor.id, itemId: input.id, item: toPortfolioItemData(updated!) });
    return { item: updated!, previousImage: existing.imageUrl };
  });
  if (previousImage && previousImage !== input.fields.imageUrl) await deps.files.remove(previousImage);
  return item;
}
