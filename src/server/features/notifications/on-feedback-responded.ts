import { defineHandler } from '../../events/handlers';
import { notifyFeedbackAuthor } from './feedback-item';

export const onFeedbackResponded = defineHandler({
  name: 'notifications.feedback-responded',
  on: 'feedback.responded',
  handle: (ctx, event) => notifyFeedbackAuthor(ctx, event, 'feedback_answered'),
});
