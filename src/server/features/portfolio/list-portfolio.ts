import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';

/** A user's portfolio, newest first; public, like the profile it belongs to. */
export function listPortfolio(deps: { db: Db }, _actor: { id: string } | null, input: { userId: string }) {
  return deps.db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, input.userId))
    .orderBy(desc(portfolioItems.createdAt));
}
