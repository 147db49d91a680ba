import { z } from 'zod';
import { PROFILE_REVIEWS_DEFAULT, PROFILE_REVIEWS_MAX, reviewSchema } from '../../../domain/reviews';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { listLatestReviews } from './list-latest-reviews';
import { providerReviewProfile } from './provider-review-profile';
import { providerReviews } from './provider-reviews';
import { submitReview } from './submit-review';

const provider = z.object({ providerId: z.string().trim().min(1).max(100) });

export const reviewsRouter = router({
  submit: authedProcedure
    .input(reviewSchema.extend({ conversationId: z.uuid() }))
    .mutation(({ ctx, input }) => submitReview(ctx, ctx.user, input)),
  forProvider: publicProcedure
    .input(provider.extend({ limit: z.number().int().min(1).max(100).optional() }))
    .query(({ ctx, input }) => providerReviews(ctx, null, input)),
  /** The profile's block: the summary and the most recent reviews (3 by default, at most 5). */
  profile: publicProcedure
    .input(
      provider.extend({ limit: z.number().int().min(1).max(PROFILE_REVIEWS_MAX).default(PROFILE_REVIEWS_DEFAULT) }),
    )
    .query(({ ctx, input }) => providerReviewProfile(ctx, null, input)),
  /** /reviews: the latest reviews across the marketplace. */
  latest: publicProcedure.query(({ ctx }) => listLatestReviews(ctx, null)),
});
