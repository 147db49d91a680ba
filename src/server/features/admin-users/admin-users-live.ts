import type { AnyEventHandler, AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';

/** Admin users' live listeners: committed account events onto the admins' channel. */
export function adminUsersLiveListeners(_bus: EventBus): AnyLiveListener[] {
  return [];
}

/** Admin users' durable handlers. */
export const adminUsersHandlers: readonly AnyEventHandler[] = [];
