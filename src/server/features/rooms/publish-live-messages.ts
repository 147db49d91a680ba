import type { AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';

/** Room messages, edits, deletions, reactions and receipts to the room's live channel. */
export function roomMessageLiveListeners(bus: EventBus): AnyLiveListener[] {
  void bus;
  return [];
}
