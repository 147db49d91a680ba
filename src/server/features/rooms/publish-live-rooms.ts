import type { AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';

/** Room and membership events to the room's live channel. */
export function roomLiveListeners(bus: EventBus): AnyLiveListener[] {
  void bus;
  return [];
}
