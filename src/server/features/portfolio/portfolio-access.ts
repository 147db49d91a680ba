import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import { AppError } from '../../errors';

/** The item, if the actor owns it: a missing item is NOT_FOUND, someone else's is FORBIDDEN. */
export async function assertPortfolioOwner(db: Db | Tx, actor: { id: string }, itemId: string) {
  const [item] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, itemId)).limit(1);
  if (!item) throw new AppError('PORTFOLIO_ITEM_NOT_FOUND');
  if (item.userId !== actor.id) throw new AppError('FORBIDDEN');
  return item;
}
