import { z } from 'zod';
import {
  defaultChannels,
  emailAllowed,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from './notifications';

/** What each kind is called in Settings and on the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  service_requested: 'Service requests and offers',
  message: 'New messages',
  price_proposed: 'Price proposals',
  price_accepted: 'Accepted prices',
  price_rejected: 'Rejected prices',
  payment_received: 'Payments received',
  service_started: 'Service started',
  service_completed: 'Service completed',
  completion_confirmed: 'Completion confirmed',
  refund_issued: 'Refunds',
  dispute_opened: 'Disputes opened',
  dispute_resolved: 'Disputes resolved',
  payout_sent: 'Payouts sent',
  review_received: 'Reviews received',
  feedback_answered: 'Answers to your feedback',
  feedback_resolved: 'Feedback resolved',
  poll_started: 'Polls about you or your services',
  poll_outcome: 'Poll outcomes',
  suspended: 'Account suspension',
  warned: 'Moderator warnings',
  room_invitation: 'Chat room invitations',
  mention: 'Mentions',
  badge_earned: 'Badges earned',
  quest_completed: 'Quests completed',
  level_up: 'Level ups',
};

export const NEWSLETTER_UNSUBSCRIBE_KIND = 'newsletter';
/** A missed-activity email that lists several kinds: its one-click link turns Email Updates off. */
export const ALL_EMAIL_UNSUBSCRIBE_KIND = 'all';
export type UnsubscribeKind = NotificationKind | typeof NEWSLETTER_UNSUBSCRIBE_KIND | typeof ALL_EMAIL_UNSUBSCRIBE_KIND;

export function unsubscribeKindLabel(kind: UnsubscribeKind): string {
  if (kind === NEWSLETTER_UNSUBSCRIBE_KIND) return 'The SkillNest newsletter';
  if (kind === ALL_EMAIL_UNSUBSCRIBE_KIND) return 'Everything that happens on SkillNest (Email Updates)';
  return NOTIFICATION_KIND_LABELS[kind];
}

/** The missed-activity email: what it says, in words that inform and never press anyone to come back. */
export const DIGEST_TEXTS = {
  subject: (count: number) => (count === 1 ? 'You have 1 new notification' : `You have ${count} new notifications`),
  heading: 'New on SkillNest',
  intro: 'Here is what happened since we last wrote.',
  more: (count: number) => `And ${count} more in your notifications.`,
  action: 'Open your notifications',
  unsubscribe: 'Stop these emails',
} as const;

export const PREFERENCE_MESSAGES = {
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save notification settings',
  loadFailed: 'Failed to load notification settings',
  badZone: 'Unknown time zone',
  minorEmail: 'Email about community and progress is off for members under 18.',
  inAppOff: 'With "In the app" off, a kind is still listed on your Notifications page, but the bell does not count it.',
  unsubscribed: (label: string) => `You will no longer get emails about: ${label}.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

export type ChannelChoice = Record<NotificationChannel, boolean>;

/** Quiet hours: minutes after midnight in the member's zone; start after end spans midnight (22:00 to 07:00). */
export interface QuietHours {
  start: number;
  end: number;
}

export interface NotificationSettings {
  /** The spec's two switches (both on by default): off stops that channel for every kind. */
  pushEnabled: boolean;
  emailEnabled: boolean;
  quietHours: QuietHours | null;
  timeZone: string | null;
  /** Only the kinds the member changed; the others follow defaultChannels. */
  kinds: Partial<Record<NotificationKind, ChannelChoice>>;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  pushEnabled: true,
  emailEnabled: true,
  quietHours: null,
  timeZone: null,
  kinds: {},
};

const MINUTES_PER_DAY = 24 * 60;

export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(MINUTES_PER_DAY - 1);
const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() }).strict();

export const notificationSettingsInput = z
  .object({
    pushEnabled: z.boolean(),
    emailEnabled: z.boolean(),
    quietHours: z.object({ start: minuteOfDay, end: minuteOfDay }).strict().nullable(),
    timeZone: z.string().max(64).refine(isTimeZone, PREFERENCE_MESSAGES.badZone).nullable(),
    kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelChoice),
  })
  .strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

/** What a kind is delivered by for this member, their switches, their choice and the minors' rule together. */
export function channelsFor(settings: NotificationSettings, kind: NotificationKind, isMinor: boolean): ChannelChoice {
  const chosen = settings.kinds[kind] ?? defaultChannels(kind);
  return {
    inApp: chosen.inApp,
    email: settings.emailEnabled && chosen.email && emailAllowed(kind, isMinor),
    push: settings.pushEnabled && chosen.push,
  };
}

function minutesIn(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/**
 * When quiet hours end, if `at` is inside them (email waits until then, push is not sent); null outside them. The
 * member's zone, or UTC before they chose one.
 */
export function quietUntil(settings: Pick<NotificationSettings, 'quietHours' | 'timeZone'>, at: Date): Date | null {
  const quiet = settings.quietHours;
  if (!quiet || quiet.start === quiet.end) return null;
  const now = minutesIn(settings.timeZone ?? 'UTC', at);
  const inside =
    quiet.start < quiet.end ? now >= quiet.start && now < quiet.end : now >= quiet.start || now < quiet.end;
  if (!inside) return null;
  const left = (quiet.end - now + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const until = new Date(at.getTime() + left * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}

/** "22:00" ↔ 1320, for the time inputs. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
export function clockToMinutes(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  return h < 24 && m < 60 ? h * 60 + m : null;
}

/** What the Settings row says about push on this browser, and its button. */
export const PUSH_MESSAGES = {
  unsupported:
    'Push notifications are not available in this browser. On an iPhone, add SkillNest to your Home Screen first.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  off: 'Not on for this device.',
  on: 'On for this device.',
  allow: 'Allow on this device',
  turnOff: 'Turn off on this device',
  failed: 'Could not turn on push notifications for this device',
} as const;
