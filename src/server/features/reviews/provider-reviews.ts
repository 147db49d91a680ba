import { desc, eq, sql } from 'drizzle-orm';
import type { RatingSummary } from '../../../domain/reviews';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';

const REVIEWS_LISTED = 100;

function selectReviews(db: Db) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      providerId: reviews.providerId,
      serviceId: reviews.serviceId,
      serviceTitle: services.title,
      isVerified: reviews.isVerified,
      reviewerFirstName: reviews.reviewerFirstName,
      providerFirstName: profiles.firstName,
      providerLastName: profiles.lastName,
    })
    .from(reviews)
    .leftJoin(services, eq(services.id, reviews.serviceId))
    .leftJoin(profiles, eq(profiles.id, reviews.providerId));
}

/** get_provider_reviews: newest first, with the service title when the service still exists. */
export function providerReviews(db: Db, providerId: string, limit = REVIEWS_LISTED) {
  return selectReviews(db)
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export function latestReviews(db: Db) {
  return selectReviews(db).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(REVIEWS_LISTED);
}

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
