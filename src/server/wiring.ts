import type { FeatureWiring } from './events/feature-wiring';
import type { AnyEventHandler, AnyLiveListener } from './events/handlers';
import type { EventBus } from './realtime/event-bus';
import { adminUsersWiring } from './features/admin-users/admin-users.wiring';
import { blocksWiring } from './features/blocks/blocks.wiring';
import { chatEssentialsWiring } from './features/chat-essentials/chat-essentials.wiring';
import { notificationDeliveryWiring } from './features/notification-delivery/notification-delivery.wiring';
import { conversationsWiring } from './features/conversations/conversations.wiring';
import { feedbackWiring } from './features/feedback/feedback.wiring';
import { memberReportsWiring } from './features/member-reports/member-reports.wiring';
import { moderationWiring } from './features/moderation/moderation.wiring';
import { notificationsWiring } from './features/notifications/notifications.wiring';
import { portfolioWiring } from './features/portfolio/portfolio.wiring';
import { profilesWiring } from './features/profiles/profiles.wiring';
import { progressionWiring } from './features/progression/progression.wiring';
import { roomsWiring } from './features/rooms/rooms.wiring';
import { servicesWiring } from './features/services/services.wiring';

/**
 * The composition root of the events: every feature that reacts to events or publishes live, once. The outbox,
 * the dispatcher and the bus know no feature; a new one is its `<feature>.wiring.ts` and a line here.
 */
export const featureWirings: readonly FeatureWiring[] = [
  conversationsWiring,
  profilesWiring,
  servicesWiring,
  portfolioWiring,
  roomsWiring,
  progressionWiring,
  feedbackWiring,
  moderationWiring,
  memberReportsWiring,
  adminUsersWiring,
  notificationDeliveryWiring,
  notificationsWiring,
  blocksWiring,
  chatEssentialsWiring,
];

/** Every durable handler, as `event_handlers` mirrors them when a server starts. */
export const durableHandlers: readonly AnyEventHandler[] = featureWirings.flatMap((feature) => feature.handlers ?? []);

/** Every live listener, made with the bus they publish on. */
export function liveListeners(bus: EventBus): readonly AnyLiveListener[] {
  return featureWirings.flatMap((feature) => feature.liveListeners?.(bus) ?? []);
}
