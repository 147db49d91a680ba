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
