import { defineHandler } from '../../events/handlers';
import { conversationSubject, publicNameOf } from './facts';
import { notify } from './notify';

/** The reviewee hears of the review and its rating (the comment stays on the review page). */
export const onReviewSubmitted = defineHandler({
  name: 'notifications.review-submitted',
  on: 'review.submitted',
  async handle(ctx, event) {
    if (event.revieweeId === event.actorId) return;
    await notify(ctx, {
      recipientId: event.revieweeId,
      kind: 'review_received',
      subjectKey: event.reviewId,
      payload: {
        path: `/reviews/${event.revieweeId}`,
        actorName: await publicNameOf(ctx.tx, event.actorId),
        subject: await conversationSubject(ctx.tx, event.conversationId),
        rating: event.rating,
      },
    });
  },
});
