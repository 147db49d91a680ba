import { z } from 'zod';

/**
 * Daily login and streaks (spec 1, sections 4 and 9): once per calendar day of the user, in the
 * user's time zone; the next day continues the streak; a missed day starts again at 1. The spec is silent on time
 * zones and travel, and a zone the client picks on every call opens up to three
 * dates at one sitting and keeps a streak alive with logins every other day. The rules below are decision 006
 * (docs/decisions/006-progression-zones.md):
 *
 * 1. Coarse zone (R6: many users are minors, and an IANA name can point at one town). The server never keeps the
 *    browser's place name: coarseTimeZone() keeps only that zone's UTC offset at the instant of the check-in,
 *    rounded to the nearest whole hour (a half hour rounds east: +5:30 is +6, -3:30 is -3, +5:45 is +6), as an
 *    `Etc/GMT±N` name (Etc's sign is inverted: UTC+6 is `Etc/GMT-6`), from Etc/GMT+12 to Etc/GMT-14; offset 0 is
 *    'UTC'. A user's day is judged in that coarse zone, so it may begin up to 30 minutes before their local midnight
 *    (and an hour off for a day after a DST change): accepted for a streak. Only IANA-shaped names are read (N9); an
 *    unknown name, an offset ("+14:00", "UTC+3", "GMT-5") or junk is UTC, whatever the runtime would accept.
 * 2. Zone hopping (R1, R2). The stored zone changes at most once per ZONE_CHANGE_INTERVAL_MS (24 h, zone_changed_at),
 *    and only by a check-in at least ZONE_CHANGE_AWARD_GAP_MS (20 h) after the latest award (last_awarded_at). A
 *    check-in that may not change the zone is judged in the stored zone, and the zone stays. (The 20 h gate is on
 *    the change itself, not only on the award of the changing call: a change that awarded nothing would otherwise
 *    let the very next call, in the new zone, award a second date at the same sitting.) So no sitting opens two
 *    dates by hopping: within 20 h of an award, every check-in reads the same zone's calendar.
 * 3. In that zone, the calendar rule (dailyLogin): a date after last_action awards; the next date continues the
 *    streak, a later one starts it again at 1; the same or an earlier date (after moving west) awards nothing, and
 *    last_action never moves backwards, so no date is awarded twice.
 *
 * What that guarantees (streaks.test.ts checks it for any sequence of zones and instants): never two awards for one
 * date; at most two awards in any 20 h, two only when one zone's midnight falls between them; short sittings two
 * days apart never build a streak longer than 3 (logins every other day cannot keep a streak alive); and a streak of
 * k days spans more than 24 × (k − 2) − 26 hours, k ≤ 3 + ⌊hours / 20⌋ (not 2 + ⌊hours / 20⌋: moving east 20 h
 * after a login at midnight legitimately shows a traveller 4 dates in 34 h; decision 006).
 */

/** A calendar date, YYYY-MM-DD, as PostgreSQL's date type reads and writes it. */
export type CalendarDay = string;

export const FALLBACK_TIME_ZONE = 'UTC';
/** The longest IANA name is ~32 characters ("America/Argentina/ComodRivadavia"); 64 leaves room, refuses junk. */
export const TIME_ZONE_MAX = 64;

const HOUR_MS = 3_600_000;
/** The stored zone changes at most this often (zone_changed_at): one hop a day, not one per call. */
export const ZONE_CHANGE_INTERVAL_MS = 24 * HOUR_MS;
/**
 * The zone changes only this long after the latest award (last_awarded_at): less than a day, so a user who moves
 * and logs in at about the same local hour the next day has the new zone in force, and more than the 14 h or so a
 * single sitting would need to read two zones' dates.
 */
export const ZONE_CHANGE_AWARD_GAP_MS = 20 * HOUR_MS;
/** The whole-hour offsets a coarse zone can have: the IANA Etc zones span UTC−12 (Etc/GMT+12) to UTC+14. */
export const COARSE_OFFSET_MIN_HOURS = -12;
export const COARSE_OFFSET_MAX_HOURS = 14;

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

/**
 * The time zone a client sends with its daily login: bounded; anything but a known IANA name is read as UTC
 * (coarseTimeZone), so an old browser's or a forged name never blocks a login.
 */
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

/**
 * Area/Location names only (N9): letters and underscores first ("America", "Etc", "UTC"), then segments that may hold
 * digits and signs ("Etc/GMT-5", "America/Argentina/Buenos_Aires"). This refuses the offset zones newer runtimes
 * accept ("+14:00", "-23:59", which would open a fourth date) and "UTC+3" or "GMT-5" spellings, before Intl is asked.
 */
const IANA_ZONE_SHAPE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/;

interface ZoneFormatters {
  /** The calendar date of an instant. */
  day: Intl.DateTimeFormat;
  /** The zone's UTC offset at an instant, as "GMT+05:30". */
  offset: Intl.DateTimeFormat;
}

/**
 * Formatters by canonical name only (resolvedOptions().timeZone, N6): "europe/paris" and "EUROPE/Paris" share
 * Europe/Paris's, so endless spellings cannot grow or churn this map: it holds at most the runtime's ~600 zones (the
 * bound only guards against a runtime that canonicalizes nothing). Names Intl refused are remembered too, bounded,
 * so the same junk does not build and throw a formatter on every call.
 */
const ZONE_CACHE_MAX = 1_024;
const UNKNOWN_ZONE_CACHE_MAX = 1_024;
/**
 * Other spellings Intl accepted, each pointing at its canonical name's formatters: browsers send some (Firefox's
 * "Asia/Kolkata" is "Asia/Calcutta" to Node's ICU), and without this each of their calls would build a formatter
 * only to find the canonical one cached. Spellings are endless ("asia/KOLKATA"...): bounded, and
 * emptied when full, which costs a formatter per call again only to whoever sends thousands of them.
 */
const SPELLING_CACHE_MAX = 1_024;
const zoneFormatters = new Map<string, ZoneFormatters>();
const zoneSpellings = new Map<string, ZoneFormatters>();
const unknownZones = new Set<string>();

function formattersFor(zone: unknown): ZoneFormatters | null {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > TIME_ZONE_MAX) return null;
  if (!IANA_ZONE_SHAPE.test(zone)) return null;
  const cached = zoneFormatters.get(zone) ?? zoneSpellings.get(zone);
  if (cached) return cached;
  if (unknownZones.has(zone)) return null;
  let day: Intl.DateTimeFormat;
  try {
    day = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    if (unknownZones.size >= UNKNOWN_ZONE_CACHE_MAX) unknownZones.clear();
    unknownZones.add(zone);
    return null;
  }
  const canonical = day.resolvedOptions().timeZone;
  let formatters = zoneFormatters.get(canonical);
  if (!formatters) {
    formatters = {
      day,
      offset: new Intl.DateTimeFormat('en-US', { timeZone: canonical, timeZoneName: 'longOffset' }),
    };
    if (zoneFormatters.size >= ZONE_CACHE_MAX) zoneFormatters.clear();
    zoneFormatters.set(canonical, formatters);
  }
  if (zone !== canonical) {
    if (zoneSpellings.size >= SPELLING_CACHE_MAX) zoneSpellings.clear();
    zoneSpellings.set(zone, formatters);
  }
  return formatters;
}

/** True for an IANA zone name the runtime knows (an offset zone or other shapes are not, whatever the runtime says). */
export function isValidTimeZone(zone: unknown): zone is string {
  return formattersFor(zone) !== null;
}

/** The zone's canonical name when the runtime knows it, else UTC. */
export function resolveTimeZone(zone: string | null | undefined): string {
  return formattersFor(zone)?.day.resolvedOptions().timeZone ?? FALLBACK_TIME_ZONE;
}

/** The calendar date an instant falls on in a time zone (UTC when the zone is unknown). */
export function calendarDayIn(instant: Date, zone: string | null | undefined): CalendarDay {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const formatter = (formattersFor(zone) ?? formattersFor(FALLBACK_TIME_ZONE))!.day;
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** "GMT", "GMT+5", "GMT+05:30", "GMT-03:30" (a runtime may print U+2212 for the minus sign). */
const OFFSET_PATTERN = /^(?:GMT|UTC)(?:([+\u2212-])(\d{1,2})(?::?(\d{2}))?)?$/;

/** A zone's UTC offset in minutes at an instant (east positive), or null if the runtime prints something unexpected. */
function offsetMinutesAt(formatters: ZoneFormatters, instant: Date): number | null {
  const name = formatters.offset.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = OFFSET_PATTERN.exec(name);
  if (!match) return null;
  const [, sign, hours = '0', minutes = '0'] = match;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '+' || sign === undefined ? total : -total;
}

/** A coarse zone: 'UTC' or a whole-hour Etc zone, all the server ever stores of where a user is. */
export type CoarseTimeZone = string;

/** The Etc name of a whole-hour offset (east positive): Etc's sign is POSIX's, inverted, so UTC+5 is Etc/GMT-5. */
export function coarseZoneName(offsetHours: number): CoarseTimeZone {
  const hours = Math.min(COARSE_OFFSET_MAX_HOURS, Math.max(COARSE_OFFSET_MIN_HOURS, Math.round(offsetHours)));
  if (hours === 0) return FALLBACK_TIME_ZONE;
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/**
 * What the server keeps of a zone a client sent (rule 1 above): its UTC offset at `instant`, to the nearest whole
 * hour, a half hour rounding east (Math.round: +5:30 is +6, -3:30 is -3), as an Etc name. UTC for an unknown name, an
 * offset-style zone or junk. Idempotent: a coarse name maps to itself.
 */
export function coarseTimeZone(zone: string | null | undefined, instant: Date): CoarseTimeZone {
  const formatters = formattersFor(zone);
  if (!formatters || Number.isNaN(instant.getTime())) return FALLBACK_TIME_ZONE;
  const minutes = offsetMinutesAt(formatters, instant);
  return minutes === null ? FALLBACK_TIME_ZONE : coarseZoneName(minutes / 60);
}

/** user_streaks' streak as the calendar rule needs it. */
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

/** The calendar rule (rule 3 above): what a login on `today` (the user's date) does to the streak, and its XP. */
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

/** user_streaks as the daily login reads it: the streak, the stored coarse zone and the two instants that guard it. */
export interface DailyLoginState extends StreakState {
  /** The stored coarse zone (UTC when null). */
  zone: string | null;
  zoneChangedAt: Date | null;
  lastAwardedAt: Date | null;
}

export type DailyLoginAtOutcome = DailyLoginOutcome & {
  /** The coarse zone the day was judged in: the zone to store. */
  zone: CoarseTimeZone;
  /** True when this login changed the zone (store zone_changed_at = the instant). */
  zoneChanged: boolean;
};

const elapsedSince = (instant: Date, since: Date | null) =>
  since === null || Number.isNaN(since.getTime()) ? Number.POSITIVE_INFINITY : instant.getTime() - since.getTime();

/**
 * The daily login at an instant (rules 2 and 3 above): the zone sent counts only if the stored zone may change now
 * (24 h since the last change, 20 h since the last award); otherwise the day is judged in the stored zone. The
 * caller stores the streak, `zone` when it differs from the row's, zone_changed_at when `zoneChanged`, and
 * last_awarded_at when `awarded`.
 */
export function dailyLoginAt(
  state: DailyLoginState | null,
  instant: Date,
  sentZone: string | null | undefined,
): DailyLoginAtOutcome {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const stored = coarseTimeZone(state?.zone ?? FALLBACK_TIME_ZONE, instant);
  const sent = coarseTimeZone(sentZone, instant);
  const zoneChanged =
    sent !== stored &&
    elapsedSince(instant, state?.zoneChangedAt ?? null) >= ZONE_CHANGE_INTERVAL_MS &&
    elapsedSince(instant, state?.lastAwardedAt ?? null) >= ZONE_CHANGE_AWARD_GAP_MS;
  const zone = zoneChanged ? sent : stored;
  return { ...dailyLogin(state, calendarDayIn(instant, zone)), zone, zoneChanged };
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
