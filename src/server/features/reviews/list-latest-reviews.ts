import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/reviews';
import { REVIEWS_LISTED, selectReviews } from './provider-reviews';

/** /reviews: the latest reviews across the marketplace. */
export function listLatestReviews(
  { db }: { db: Db },
  _actor: { id: string } | null,
  _input: Record<string, never> = {},
) {
  return selectReviews(db).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(REVIEWS_LISTED);
}
