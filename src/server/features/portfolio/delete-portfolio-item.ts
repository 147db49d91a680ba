import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import { assertPortfolioOwner } from './portfolio-access';

/** Only the owner may delete; the item's image file goes once the deletion is committed. */
export async function deletePortfolioItem(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { id: string },
) {
  const image = await inTransaction(deps, async (tx, emit) => {
    const existing = await assertPortfolioOwner(tx, actor, input.id);
    await tx.delete(portfolioItems).where(and(eq(portfolioItems.id, input.id), eq(portfolioItems.userId, actor.id)));
    emit({ type: 'portfolio.item-removed', actorId: actor.id, itemId: input.id });
    return existing.imageUrl;
  });
  await deps.files.remove(image);
  return { ok: true };
}
