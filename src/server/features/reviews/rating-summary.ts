import { eq, sql } from 'drizzle-orm';
import type { RatingSummary } from '../../../domain/reviews';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/reviews';

/** Average, total and the 1–5 distribution, computed by the database in one pass. */
export async function ratingSummary(db: Db, providerId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 2)`,
      total: sql<number>`count(*)::int`,
      star1: sql<number>`(count(*) filter (where ${reviews.rating} = 1))::int`,
      star2: sql<number>`(count(*) filter (where ${reviews.rating} = 2))::int`,
      star3: sql<number>`(count(*) filter (where ${reviews.rating} = 3))::int`,
      star4: sql<number>`(count(*) filter (where ${reviews.rating} = 4))::int`,
      star5: sql<number>`(count(*) filter (where ${reviews.rating} = 5))::int`,
    })
    .from(reviews)
    .where(eq(reviews.providerId, providerId));
  const { average, total, ...distribution } = row!;
  return { average: average === null ? 0 : Number(average), total, distribution };
}
