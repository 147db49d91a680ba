import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/reviews';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';

export const REVIEWS_LISTED = 100;

export function selectReviews(db: Db) {
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
export function providerReviews(
  { db }: { db: Db },
  _actor: { id: string } | null,
  { providerId, limit = REVIEWS_LISTED }: { providerId: string; limit?: number },
) {
  return selectReviews(db)
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
