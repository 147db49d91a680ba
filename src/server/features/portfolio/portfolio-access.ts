import { eq } from 'drizzle-orm';
import type { PortfolioItemFields } from '../../../domain/portfolio';
import { UPLOAD_KINDS } from '../../../domain/files';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files/blob-store';

/** The item, if the actor owns it: a missing item is NOT_FOUND, someone else's is FORBIDDEN. */
export async function assertPortfolioOwner(db: Db, actor: { id: string }, itemId: string) {
  const [item] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, itemId)).limit(1);
  if (!item) throw new AppError('NOT_FOUND', 'Portfolio item not found');
  if (item.userId !== actor.id) throw new AppError('FORBIDDEN');
  return item;
}

/** An item may only show an image its owner uploaded to the portfolio area. */
export function assertOwnImage(files: BlobStore, actor: { id: string }, fields: PortfolioItemFields) {
  if (fields.imageUrl && !files.owns(fields.imageUrl, UPLOAD_KINDS.portfolio.bucket, actor.id)) {
    throw new AppError('BAD_INPUT', 'Please upload the image again');
  }
}
