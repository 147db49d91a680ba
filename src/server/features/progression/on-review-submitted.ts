import { awardHandler } from './award-handler';

/** A review counts for both sides: received by the provider (first_review, quality badges), left by the reviewer. */
export const onReviewSubmitted = awardHandler({
  name: 'progression.review-submitted',
  on: 'review.submitted',
  usersOf: (event) => [event.revieweeId, event.actorId],
});
