import { z } from 'zod';

export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 1000;
/** The public profile shows the most recent reviews: 3 by default, at most 5. */
export const PROFILE_REVIEWS_DEFAULT = 3;
export const PROFILE_REVIEWS_MAX = 5;

export const REVIEW_MESSAGES = {
  ratingRequired: 'Please select a rating',
  commentTooShort: 'Review must be at least 10 characters',
  commentTooLong: 'Review cannot exceed 1000 characters',
  mustBeLoggedIn: 'You must be logged in to submit a review',
  submitFailed: 'Failed to submit review',
  unexpected: 'An unexpected error occurred while submitting your review',
  loadFailed: 'Failed to load reviews',
  ratingLoadFailed: 'Failed to load rating data',
  ratingCalcFailed: 'Failed to calculate rating data',
  submitted: 'Review submitted successfully',
  alreadyReviewed: 'You have already reviewed this service',
} as const;

export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int({ error: REVIEW_MESSAGES.ratingRequired })
    .min(1, { error: REVIEW_MESSAGES.ratingRequired })
    .max(5, { error: REVIEW_MESSAGES.ratingRequired }),
  comment: z
    .string()
    .trim()
    .min(REVIEW_COMMENT_MIN, { error: REVIEW_MESSAGES.commentTooShort })
    .max(REVIEW_COMMENT_MAX, { error: REVIEW_MESSAGES.commentTooLong }),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export interface RatingSummary {
  average: number;
  total: number;
  distribution: { star1: number; star2: number; star3: number; star4: number; star5: number };
}
