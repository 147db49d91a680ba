import type { Db } from '../../db/database';
import { providerReviews } from './provider-reviews';
import { ratingSummary } from './rating-summary';

/** The profile's block: the provider's rating summary and their most recent reviews. */
export async function providerReviewProfile(
  deps: { db: Db },
  actor: { id: string } | null,
  input: { providerId: string; limit: number },
) {
  return {
    summary: await ratingSummary(deps.db, input.providerId),
    recent: await providerReviews(deps, actor, input),
  };
}
