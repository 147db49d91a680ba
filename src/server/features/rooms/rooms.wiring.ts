import type { EventBus } from '../../realtime/event-bus';
import type { FeatureWiring } from '../../events/feature-wiring';
import { roomMessageLiveListeners } from './publish-live-messages';
import { roomListLiveListeners } from './publish-live-room-list';
import { roomLiveListeners } from './publish-live-rooms';

/** Chat rooms publish to each room's readers and to the rooms lists. */
export const roomsWiring = {
  liveListeners: (bus: EventBus) => [
    ...roomLiveListeners(bus),
    ...roomMessageLiveListeners(bus),
    ...roomListLiveListeners(bus),
  ],
} satisfies FeatureWiring;
