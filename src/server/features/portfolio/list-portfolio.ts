import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';

/** A user's portfolio, newest first; public, like the profile it belongs to. */
export function listPortfolio(db: Db, userId: string) {
  return db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId))
    .orderBy(desc(portfolioItems.createdAt));
}
