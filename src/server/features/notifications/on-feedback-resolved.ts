import { defineHandler } from '../../events/handlers';
import { notifyFeedbackAuthor } from './feedback-item';

export const onFeedbackResolved = defineHandler({
  name: 'notifications.feedback-resolved',
  on: 'feedback.resolved',
  handle: (ctx, event) => notifyFeedbackAuthor(ctx, event, 'feedback_resolved'),
});
