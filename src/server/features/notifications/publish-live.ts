import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';
import { notificationsChannels } from './notifications.channels';

/** Each change goes to its recipient's own channel only, with the data the bell and the page apply. */
export function notificationsLiveListeners(bus: EventBus): AnyLiveListener[] {
  const to = (userId: string) => notificationsChannels.notificationsOf(userId);
  return [
    defineLiveListener({
      on: 'notification.changed',
      publish: ({ recipientId, isNew, item, unreadCount }) =>
        void bus.publish(to(recipientId), { type: 'changed', isNew, item, unreadCount }),
    }),
    defineLiveListener({
      on: 'notifications.read',
      publish: ({ recipientId, ids, readAt, unreadCount }) =>
        void bus.publish(to(recipientId), { type: 'read', ids, readAt, unreadCount }),
    }),
    defineLiveListener({
      on: 'notifications.removed',
      publish: ({ recipientId, ids, unreadCount }) =>
        void bus.publish(to(recipientId), { type: 'removed', ids, unreadCount }),
    }),
  ];
}
