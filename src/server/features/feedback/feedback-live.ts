import type { AnyEventHandler, AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';

/** Feedback's live listeners: committed feedback events onto the member's and the admins' channels. */
export function feedbackLiveListeners(_bus: EventBus): AnyLiveListener[] {
  return [];
}

/** Feedback's durable handlers (none yet). */
export const feedbackHandlers: readonly AnyEventHandler[] = [];
