/**
 * How the app shows times, in the reader's locale and time zone: a clock time for today, a day otherwise, and day
 * labels (Today, Yesterday, Mon, Nov 16) above a chat's messages, the way trusted chat apps do.
 *
 * The one place the web formats a date or a time (issue 16): never `toLocaleString()` and friends in a page, which
 * print seconds and numeric dates ("11/23/2026, 6:31:23 PM") beside these.
 */
type When = string | Date;

const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekdayDate = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const fullDateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const relativeDay = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days from `at` to `now` in local time (0 = today, 1 = yesterday). */
function daysAgo(at: When, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(at))) / DAY_MS);
}

export const clockTime = (at: When) => clock.format(new Date(at));

export const shortDate = (at: When) => fullDate.format(new Date(at));

/** A moment that needs both: "Nov 23, 2026, 6:31 PM" (payments, audit entries), never with seconds. */
export const dateTime = (at: When) => fullDateTime.format(new Date(at));

/** The reader's time zone as the browser reports it ("Europe/Paris"). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Local calendar day, for grouping. */
export const dayKey = (at: When) => new Date(at).toDateString();

/** "Today", "Yesterday", "Mon, Nov 16" this year, "Nov 16, 2025" before. */
export function dayLabel(at: When, now: Date = new Date()): string {
  const days = daysAgo(at, now);
  if (days === 0 || days === 1) return capitalize(relativeDay.format(-days, 'day'));
  const date = new Date(at);
  return date.getFullYear() === now.getFullYear() ? weekdayDate.format(date) : fullDate.format(date);
}

/** A list's time column: the clock time today, the date before. */
export function listTime(at: When, now: Date = new Date()): string {
  return daysAgo(at, now) === 0 ? clockTime(at) : shortDate(at);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
