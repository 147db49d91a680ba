import type { PortfolioItemData } from '../../contracts/profile-events';
import type { portfolioItems } from '../../db/schema/portfolio';

/** An item row as its events carry it: what portfolio.list answers, instants as ISO strings. */
export const toPortfolioItemData = ({
  createdAt,
  updatedAt,
  ...item
}: typeof portfolioItems.$inferSelect): PortfolioItemData => ({
  ...item,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});
