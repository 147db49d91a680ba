import { MEMBER_REPORT_TEXTS } from './member-reports';
import { formatUsd } from './money';

/**
 * What a member can be told about, and by which channel. Every notification is one of these kinds; the notification
 * centre, the missed-activity email, push and the per-kind preferences all read this one list.
 */
export const NOTIFICATION_KINDS = [
  // Deals: a conversation about a service or a request, from the first message to the payout and the review.
  'service_requested',
  'message',
  'price_proposed',
  'price_accepted',
  'price_rejected',
  'payment_received',
  'service_started',
  'service_completed',
  'completion_confirmed',
  'refund_issued',
  'dispute_opened',
  'dispute_resolved',
  'payout_sent',
  'review_received',
  // The member's own account: what the site's people decided about them.
  'feedback_answered',
  'feedback_resolved',
  'poll_started',
  'poll_outcome',
  'suspended',
  'warned',
  // Community and progress.
  'room_invitation',
  'mention',
  'badge_earned',
  'quest_completed',
  'level_up',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationCategory = 'deals' | 'account' | 'community' | 'progress';

export const NOTIFICATION_CATEGORY: Record<NotificationKind, NotificationCategory> = {
  service_requested: 'deals',
  message: 'deals',
  price_proposed: 'deals',
  price_accepted: 'deals',
  price_rejected: 'deals',
  payment_received: 'deals',
  service_started: 'deals',
  service_completed: 'deals',
  completion_confirmed: 'deals',
  refund_issued: 'deals',
  dispute_opened: 'deals',
  dispute_resolved: 'deals',
  payout_sent: 'deals',
  review_received: 'deals',
  feedback_answered: 'account',
  feedback_resolved: 'account',
  poll_started: 'account',
  poll_outcome: 'account',
  suspended: 'account',
  warned: 'account',
  room_invitation: 'community',
  mention: 'community',
  badge_earned: 'progress',
  quest_completed: 'progress',
  level_up: 'progress',
};

/**
 * Email about community and progress only nudges to come back: never for a minor, whatever they choose. A minor's
 * email is what concerns their deals and their account.
 */
export function emailAllowed(kind: NotificationKind, isMinor: boolean): boolean {
  const category = NOTIFICATION_CATEGORY[kind];
  return !isMinor || category === 'deals' || category === 'account';
}

/** Sensible defaults: everything in the app; email and push for what someone waits on (deals, account, mentions). */
export function defaultChannels(kind: NotificationKind): Record<NotificationChannel, boolean> {
  const category = NOTIFICATION_CATEGORY[kind];
  const important = category === 'deals' || category === 'account' || kind === 'mention';
  return { inApp: true, email: important, push: important };
}

/** The bell's badge: a count above this reads "99+". */
export const UNREAD_BADGE_MAX = 99;
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

/**
 * How many notifications a member keeps, a page's size, and the bounds of what an item stores. The handlers prune a
 * member's oldest read items beyond `keptPerMember` as they write, so the table grows with members, not with time.
 */
export const NOTIFICATION_LIMITS = {
  keptPerMember: 500,
  pageDefault: 20,
  pageMax: 50,
  /** The newest items the bell's popover shows. */
  bellItems: 8,
  /** A name or title stored in an item is cut to this many characters (names and titles have their own limits). */
  nameMax: 120,
} as const;

/**
 * What an item shows and opens, stored with it when it happens (a snapshot: renaming a service later does not
 * rewrite the past). Ids, public names, titles and amounts only: never a message's or a room's words, never anything
 * its recipient may not read.
 */
export type NotificationPayload = {
  /** The site path the item opens. */
  path: string;
  /** Who did it, by public display name; null when the site itself acted. */
  actorName?: string | null;
  /** What it is about: a service's or request's title, a room's name, a badge's or quest's name, a feedback title. */
  subject?: string | null;
  amountCents?: number | null;
  /** service_requested: an offer on the recipient's request rather than a request of their service. */
  offer?: boolean;
  /** completion_confirmed: the waiting period ran out, nobody pressed. */
  automatic?: boolean;
  rating?: number;
  level?: number;
  xp?: number;
  /** poll_started, poll_outcome: a poll about the recipient's service, or about the recipient themselves. */
  aboutYou?: boolean;
  outcome?: 'passed' | 'failed';
  /** The room of a room kind, and a mention's message: what decides who may still read the item. */
  roomId?: string;
  messageId?: string;
};

/** One item as the bell and the page show it, and as notification.changed carries it. */
export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  /** How many things the item stands for (messages of one conversation); 1 for the others. */
  count: number;
  readAt: string | null;
  createdAt: string;
  /** The newest thing it stands for: lists are ordered by it. */
  updatedAt: string;
};

/** A name or title cut to what an item stores. */
export function boundedName(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  if (!trimmed) return null;
  const chars = [...trimmed];
  return chars.length > NOTIFICATION_LIMITS.nameMax
    ? `${chars.slice(0, NOTIFICATION_LIMITS.nameMax - 1).join('')}…`
    : trimmed;
}

const SOMEONE = 'Someone';

/** The one sentence an item reads as, in the bell, on the page, and later in email and push. */
export function notificationText(item: Pick<NotificationItem, 'kind' | 'payload' | 'count'>): string {
  const p = item.payload;
  const who = p.actorName ?? SOMEONE;
  const what = p.subject ?? 'your service';
  const amount = p.amountCents != null ? formatUsd(p.amountCents) : null;
  switch (item.kind) {
    case 'service_requested':
      return p.offer
        ? `${who} sent an offer${amount ? ` of ${amount}` : ''} on your request "${what}"`
        : `${who} requested your service "${what}"`;
    case 'message':
      return item.count > 1
        ? `${who} sent you ${item.count} messages about "${what}"`
        : `${who} sent you a message about "${what}"`;
    case 'price_proposed':
      return `${who} proposed ${amount ?? 'a price'} for "${what}"`;
    case 'price_accepted':
      return `${who} accepted ${amount ?? 'the price'} for "${what}"`;
    case 'price_rejected':
      return `${who} declined your proposal for "${what}"`;
    case 'payment_received':
      return `Payment of ${amount ?? 'the agreed price'} received for "${what}": held until the client confirms the work`;
    case 'service_started':
      return `${who} started work on "${what}"`;
    case 'service_completed':
      return `${who} marked "${what}" as completed: please confirm the work`;
    case 'completion_confirmed':
      return p.automatic
        ? `"${what}" was auto-confirmed after the waiting period`
        : `${who} confirmed the work on "${what}"`;
    case 'refund_issued':
      return `You were refunded ${amount ?? 'your payment'} for "${what}"`;
    case 'dispute_opened':
      return `A dispute was opened on "${what}"`;
    case 'dispute_resolved':
      return `The dispute on "${what}" was resolved`;
    case 'payout_sent':
      return `Your payout of ${amount ?? 'your earnings'} for "${what}" was sent`;
    case 'review_received':
      return p.rating ? `${who} left you a ${p.rating}-star review` : `${who} left you a review`;
    case 'feedback_answered':
      return `An admin answered your feedback "${p.subject ?? 'Feedback'}"`;
    case 'feedback_resolved':
      return `Your feedback "${p.subject ?? 'Feedback'}" was resolved`;
    case 'poll_started':
      return p.aboutYou
        ? 'A community poll about your account was started'
        : `A community poll about your service "${what}" was started`;
    case 'poll_outcome': {
      const about = p.aboutYou ? 'your account' : `your service "${what}"`;
      return `The community poll about ${about} ${p.outcome === 'passed' ? 'passed' : 'did not pass'}`;
    }
    case 'suspended':
      return 'Your account has been suspended';
    case 'warned':
      return MEMBER_REPORT_TEXTS.warnedNotification;
    case 'room_invitation':
      return `${who} added you to the room "${p.subject ?? 'a room'}"`;
    case 'mention':
      return `${who} mentioned you in "${p.subject ?? 'a room'}"`;
    case 'badge_earned':
      return `You earned the ${p.subject ?? 'new'} badge`;
    case 'quest_completed':
      return `Quest completed: ${p.subject ?? 'a quest'}${p.xp ? ` (+${p.xp} XP)` : ''}`;
    case 'level_up':
      return `You reached level ${p.level ?? ''}`.trimEnd();
  }
}

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications';
}

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'You have no notifications yet. Requests, messages, payments and awards will show up here.',
  markAllRead: 'Mark all as read',
  seeAll: 'See all',
  loadMore: 'Load More',
  loadFailed: 'Could not load your notifications. Please try again.',
  retry: 'Try again',
} as const;
