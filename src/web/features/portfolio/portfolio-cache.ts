import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['portfolio'];
/** One user's portfolio as portfolio.list answers it: newest first. */
export type Portfolio = Outputs['list'];
export type PortfolioEntry = Portfolio[number];

const newestFirst = (a: PortfolioEntry, b: PortfolioEntry) =>
  new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();

/**
 * The item's owner's portfolio with the item as a create or an edit answered it: it replaces its old copy or joins
 * the list where the server would list it.
 */
export function withPortfolioItem(portfolio: Portfolio, item: PortfolioEntry): Portfolio {
  return [...portfolio.filter((i) => i.id !== item.id), item].sort(newestFirst);
}

/** The portfolio without a deleted item; the same list when it never held it, so nothing re-renders. */
export function withoutPortfolioItem(portfolio: Portfolio, itemId: string): Portfolio {
  return portfolio.some((i) => i.id === itemId) ? portfolio.filter((i) => i.id !== itemId) : portfolio;
}

/** What the portfolio channel carries (portfolio.events). */
export type PortfolioEvent =
  Outputs['events'] extends AsyncIterable<infer E> ? (E extends { data: infer D } ? D : E) : never;

/** One live change in the cached portfolio: the saved item as the list shows it, or the removed item gone. */
export function applyPortfolioEvent(portfolio: Portfolio, event: PortfolioEvent): Portfolio {
  return event.type === 'portfolio-item-saved'
    ? withPortfolioItem(portfolio, event.item)
    : withoutPortfolioItem(portfolio, event.itemId);
}
