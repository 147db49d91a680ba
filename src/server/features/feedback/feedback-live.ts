import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { feedbackChannels } from './feedback.channels';
import type { EventBus } from '../../realtime/event-bus';
import { memberItemOf } from './feedback-data';
import type { FeedbackAppEvent } from '../../contracts/feedback-events';

/**
 * Feedback's live listeners: each committed change goes, with the item after it, to its author's own channel (their
 * open history in every tab) and to the admins' channel (every admin's open page). The author's copy is the member
 * view: it never names the admin who answered or resolved.
 */
export function feedbackLiveListeners(bus: EventBus): AnyLiveListener[] {
  const publish = (event: FeedbackAppEvent) => {
    bus.publish(feedbackChannels.feedbackOf(event.userId), {
      type: 'feedback-changed',
      feedbackId: event.feedbackId,
      item: memberItemOf(event.item),
    });
    bus.publish(feedbackChannels.feedbackAdmin, {
      type: 'admin-feedback-changed',
      feedbackId: event.feedbackId,
      item: event.item,
    });
  };
  return [
    defineLiveListener({ on: 'feedback.submitted', publish }),
    defineLiveListener({ on: 'feedback.responded', publish }),
    defineLiveListener({ on: 'feedback.resolved', publish }),
  ];
}
