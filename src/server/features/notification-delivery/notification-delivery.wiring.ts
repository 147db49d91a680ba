import type { FeatureWiring } from '../../events/feature-wiring';
import { onNotificationChanged } from './on-notification-changed';

/** Email and push for new notifications, by each member's choices (features/notification-settings). */
export const notificationDeliveryWiring = {
  handlers: [onNotificationChanged],
} satisfies FeatureWiring;
