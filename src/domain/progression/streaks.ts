import { z } from 'zod';

/**
 * Daily login and streaks (spec 1, sections 4 and 9; issue 14 item 2): once per calendar day of the user, in the
 * user's time zone; the next day continues the streak; a missed day starts again at 1.
 *
 * Time zone rule (the spec is silent on travel): each login's day is computed in the time zone sent with that login
 * and compared with last_action, which stores a plain date. A login whose local date equals last_action is the same
 * day; one whose local date is *before* last_action (the user flew west, or switched to a zone behind) is also
 * treated as the same day: nothing changes and last_action never moves backwards. So the dates that earn an award
 * strictly increase: no calendar date ever earns two awards, and jumping between zones can move a user's day at most
 * one date ahead of UTC (zones span UTC-12 to UTC+14), which is a one-time gain a user cannot repeat.
 */

/** A calendar date, YYYY-MM-DD, as PostgreSQL's date type reads and writes it. */
export type CalendarDay = string;

export const FALLBACK_TIME_ZONE = 'UTC';
/** The longest IANA name is ~32 characters ("America/Argentina/ComodRivadavia"); 64 leaves room, refuses junk. */
export const TIME_ZONE_MAX = 64;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function dayToUtcMs(day: CalendarDay): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) return Number.NaN;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March: such a string is not a date.
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : Number.NaN;
}

export function isCalendarDay(value: unknown): value is CalendarDay {
  return typeof value === 'string' && !Number.isNaN(dayToUtcMs(value));
}

export const calendarDaySchema = z.string().refine(isCalendarDay, { error: 'Invalid date' });

/** The time zone a client sends with its daily login: bounded; an unknown name falls back to UTC (resolveTimeZone). */
export const timeZoneSchema = z.string().trim().min(1).max(TIME_ZONE_MAX);

/** What the web sends with its daily login: the browser's zone (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const dailyLoginInputSchema = z.object({ timeZone: timeZoneSchema });
export type DailyLoginInput = z.input<typeof dailyLoginInputSchema>;

function utcMsToDay(ms: number): CalendarDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date n days after (or before, n < 0) a calendar date. */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  const ms = dayToUtcMs(day);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar day: ${day}`);
  return utcMsToDay(ms + n * MS_PER_DAY);
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  const a = dayToUtcMs(from);
  const b = dayToUtcMs(to);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new RangeError(`Not a calendar day: ${from} / ${to}`);
  return Math.round((b - a) / MS_PER_DAY);
}

// One formatter per zone name; bounded, because zone names are case-insensitive and a client could send endless
// spellings of one zone.
const FORMATTER_CACHE_MAX = 512;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(zone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return null;
  }
  if (formatters.size >= FORMATTER_CACHE_MAX) formatters.clear();
  formatters.set(zone, formatter);
  return formatter;
}

export function isValidTimeZone(zone: unknown): zone is string {
  return typeof zone === 'string' && zone.length > 0 && zone.length <= TIME_ZONE_MAX && formatterFor(zone) !== null;
}

/** The zone itself when the runtime knows it, else UTC (an old browser's or a forged name must not block a login). */
export function resolveTimeZone(zone: string | null | undefined): string {
  return isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

/** The calendar date an instant falls on in a time zone (UTC when the zone is unknown). */
export function calendarDayIn(instant: Date, zone: string | null | undefined): CalendarDay {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const formatter = formatterFor(resolveTimeZone(zone)) ?? formatterFor(FALLBACK_TIME_ZONE);
  const parts = formatter!.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** user_streaks as the rule needs it. */
export interface StreakState {
  currentStreak: number;
  lastAction: CalendarDay | null;
}

export const DAILY_LOGIN_BASE_XP = 25;

/**
 * Streak bonuses, highest first. Spec 1 section 9 reads "25 base, plus 10 at streak 7 or more, 25 at 14 or more,
 * 50 at 30 or more": we read the tiers as alternatives, not a sum: only the highest tier reached is added to the
 * base, so a login earns 25, then 35 from day 7, 50 from day 14 and 75 from day 30.
 */
export const DAILY_LOGIN_STREAK_BONUSES = [
  { minStreak: 30, bonus: 50 },
  { minStreak: 14, bonus: 25 },
  { minStreak: 7, bonus: 10 },
] as const;

/** XP of the daily login that brings the streak to `streak`. */
export function dailyLoginXp(streak: number): number {
  const tier = DAILY_LOGIN_STREAK_BONUSES.find((t) => streak >= t.minStreak);
  return DAILY_LOGIN_BASE_XP + (tier?.bonus ?? 0);
}

export type DailyLoginOutcome =
  | {
      awarded: false;
      /** same-day: already counted today; earlier-day: the login's local date is before last_action (travel). */
      reason: 'same-day' | 'earlier-day';
      streak: StreakState;
    }
  | {
      awarded: true;
      /** The row to store: the new streak and today's date as last_action. */
      streak: StreakState;
      xp: number;
      /** True when yesterday's streak continued, false when it started (again) at 1. */
      continued: boolean;
    };

/** The daily login rule: what a login on `today` (the user's local date) does to the streak, and the XP it earns. */
export function dailyLogin(state: StreakState | null, today: CalendarDay): DailyLoginOutcome {
  if (!isCalendarDay(today)) throw new RangeError(`Not a calendar day: ${today}`);
  const previous: StreakState = {
    currentStreak:
      state && Number.isSafeInteger(state.currentStreak) && state.currentStreak > 0 ? state.currentStreak : 0,
    lastAction: state?.lastAction && isCalendarDay(state.lastAction) ? state.lastAction : null,
  };
  if (previous.lastAction !== null) {
    const gap = daysBetween(previous.lastAction, today);
    if (gap === 0) return { awarded: false, reason: 'same-day', streak: previous };
    if (gap < 0) return { awarded: false, reason: 'earlier-day', streak: previous };
  }
  const continued = previous.lastAction !== null && addDays(previous.lastAction, 1) === today;
  const currentStreak = continued ? previous.currentStreak + 1 : 1;
  return { awarded: true, streak: { currentStreak, lastAction: today }, xp: dailyLoginXp(currentStreak), continued };
}

/** The same rule for a login at an instant, in the zone the client sent. */
export function dailyLoginAt(state: StreakState | null, instant: Date, zone: string | null | undefined) {
  return dailyLogin(state, calendarDayIn(instant, zone));
}

/**
 * The streak to show on a day: the stored one while it is still alive (last_action today or yesterday), else 0, so
 * a card read before today's login never boasts of a streak that a missed day already broke.
 */
export function activeStreak(state: StreakState | null, today: CalendarDay): number {
  if (!state?.lastAction || !isCalendarDay(state.lastAction) || !isCalendarDay(today)) return 0;
  const gap = daysBetween(state.lastAction, today);
  return gap <= 1 && Number.isSafeInteger(state.currentStreak) && state.currentStreak > 0 ? state.currentStreak : 0;
}
