import type { NotificationLiveEvent } from '../../contracts/notification-events';
import { defineChannel } from '../../realtime/channels';

/** The notification centre's live channel. */
export const notificationsChannels = {
  /** One member's items and unread count as they change: that member's own tabs only. */
  notificationsOf: (userId: string) => defineChannel<NotificationLiveEvent>(`notifications:${userId}`),
} as const;
