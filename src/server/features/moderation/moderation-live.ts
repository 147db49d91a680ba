import type { AnyEventHandler, AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';

/** Reports' and polls' live listeners: committed events onto the polls and the admins' channels. */
export function moderationLiveListeners(_bus: EventBus): AnyLiveListener[] {
  return [];
}

/** Reports' and polls' durable handlers (none yet). */
export const moderationHandlers: readonly AnyEventHandler[] = [];
