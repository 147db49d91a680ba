import { serverShortDate, shortDate } from '../lib/dates';
import { usePageAlive } from '../lib/hydrate-later';

/**
 * A calendar date on a page the server renders (cards, the service page, reviews): the server's HTML and the
 * browser's hydrating render write it in UTC and en-US, so they match and React keeps the HTML; once the page is
 * alive, it reads in the reader's locale and zone. A page the browser renders alone shows the local date at once.
 */
export function LocalDate({ at }: { at: string | Date }) {
  const alive = usePageAlive();
  const date = new Date(at);
  return <time dateTime={date.toISOString()}>{alive ? shortDate(date) : serverShortDate(date)}</time>;
}
