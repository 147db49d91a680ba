/**
 * How the app shows times, in the reader's locale and time zone: a clock time for today, a day otherwise, and day
 * labels (Today, Yesterday, Mon, Nov 16) above a chat's messages, the way trusted chat apps do.
 *
 * The one place the web formats a date or a time: never `toLocaleString()` and friends in a page, which
 * print seconds and numeric dates ("11/23/2026, 6:31:23 PM") beside these.
 */
type When = string | Date;

/**
 * A formatter made at its first use, then kept: making one loads the locale's data, 15-20 ms on a phone for the first
 * and a few for each after, which at the module's top would land in the task that starts every page.
 */
function formatter<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => (made ??= make());
}

const clock = formatter(() => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }));
const weekdayDate = formatter(
  () => new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' }),
);
const fullDate = formatter(
  () => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
);
const fullDateTime = formatter(
  () =>
    new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const relativeDay = formatter(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days from `at` to `now` in local time (0 = today, 1 = yesterday). */
function daysAgo(at: When, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(at))) / DAY_MS);
}

export const clockTime = (at: When) => clock().format(new Date(at));

export const shortDate = (at: When) => fullDate().format(new Date(at));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `shortDate` as the server writes it, knowing neither the reader's locale nor their zone: "Nov 23, 2026", Intl's
 * en-US format in UTC (dates.test.ts compares them), by hand, because a rendered page's first render must match its
 * HTML and the first Intl object a page makes costs 15 ms on a fast machine (loading the locale's data).
 */
export function serverShortDate(at: When): string {
  const date = new Date(at);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A moment that needs both: "Nov 23, 2026, 6:31 PM" (payments, audit entries), never with seconds. */
export const dateTime = (at: When) => fullDateTime().format(new Date(at));

/** The reader's time zone as the browser reports it ("Europe/Paris"). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Local calendar day, for grouping. */
export const dayKey = (at: When) => new Date(at).toDateString();

/** "Today", "Yesterday", "Mon, Nov 16" this year, "Nov 16, 2025" before. */
export function dayLabel(at: When, now: Date = new Date()): string {
  const days = daysAgo(at, now);
  if (days === 0 || days === 1) return capitalize(relativeDay().format(-days, 'day'));
  const date = new Date(at);
  return date.getFullYear() === now.getFullYear() ? weekdayDate().format(date) : fullDate().format(date);
}

/** A list's time column: the clock time today, the date before. */
export function listTime(at: When, now: Date = new Date()): string {
  return daysAgo(at, now) === 0 ? clockTime(at) : shortDate(at);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
