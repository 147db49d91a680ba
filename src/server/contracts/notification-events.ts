import type { NotificationItem, NotificationKind } from '../../domain/notifications';

/**
 * The notification centre's domain events. Each is self-sufficient for what reacts to it later (email, push): the
 * recipient, the kind, the item as the client shows it, whether it is new, and the recipient's unread count after it.
 */
export type NotificationAppEvent =
  /** An item was written (`isNew`) or a coalesced one moved (a new message) or was read by reading its subject. */
  | {
      type: 'notification.changed';
      recipientId: string;
      kind: NotificationKind;
      isNew: boolean;
      item: NotificationItem;
      unreadCount: number;
    }
  /** The recipient marked items read (`ids`, or every one when null). */
  | { type: 'notifications.read'; recipientId: string; ids: string[] | null; readAt: string; unreadCount: number }
  /** Items the recipient may no longer read (they left the room, the message was deleted). */
  | { type: 'notifications.removed'; recipientId: string; ids: string[]; unreadCount: number };

/** What travels on a member's own notifications channel: the data the bell and the page apply to their cache. */
export type NotificationLiveEvent =
  | { type: 'changed'; isNew: boolean; item: NotificationItem; unreadCount: number }
  | { type: 'read'; ids: string[] | null; readAt: string; unreadCount: number }
  | { type: 'removed'; ids: string[]; unreadCount: number };
