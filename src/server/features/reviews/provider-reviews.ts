import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/reviews';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { publicService } from '../services/service-queries';

export const REVIEWS_LISTED = 100;

/**
 * Reviews with what their cards show. The service is named and linked only while members may open it
 * (publicService: not hidden by a passed poll, owner not suspended): otherwise its id and title are
 * null, as for a deleted service, so a review never leads to "Service not found" nor names a hidden service.
 */
export function selectReviews(db: Db) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      providerId: reviews.providerId,
      serviceId: services.id,
      serviceTitle: services.title,
      isVerified: reviews.isVerified,
      reviewerFirstName: reviews.reviewerFirstName,
      providerFirstName: profiles.firstName,
      providerLastName: profiles.lastName,
    })
    .from(reviews)
    .leftJoin(services, and(eq(services.id, reviews.serviceId), publicService()))
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
