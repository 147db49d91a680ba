import { useHydrated } from '../lib/use-hydrated';
import { shortDate } from '../lib/dates';

/** The server knows neither the reader's locale nor their time zone: it writes every date the same way. */
const serverDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date on a page the server renders (cards, the service page, reviews): the server's HTML and the
 * browser's hydrating render write it in UTC and en-US, so they match and React keeps the HTML; right after, it reads
 * in the reader's locale and zone. A page the browser renders alone shows the local date at once.
 */
export function LocalDate({ at }: { at: string | Date }) {
  const hydrated = useHydrated();
  const date = new Date(at);
  return <time dateTime={date.toISOString()}>{hydrated ? shortDate(date) : serverDate.format(date)}</time>;
}
