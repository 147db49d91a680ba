import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a live event was applied to cached queries: if one of them is being read right now (the read a
 * subscription's start asks for), that answer may have left the database before the event's change and would
 * overwrite it when it lands. Only then is the query read once more; otherwise the event alone is the update.
 */
export function rereadIfInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey }) > 0) void readAfresh(queryClient, queryKey);
}

/**
 * Reads a query again from now. A read still out is dropped, not joined: TanStack Query hands a new read the one in
 * flight while the query has no data yet, and that one may have left before the change it must show.
 */
export async function readAfresh(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** Whether any query under this key holds data or is being read: a read that may predate a subscription. */
function readBefore(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.dataUpdatedAt > 0 || query.state.fetchStatus === 'fetching');
}

/**
 * A live subscription's `onStarted`, at its first start as at a reconnect. What the page already holds, or is
 * reading, was read before the subscription listened, so a change in between would never arrive: the socket and the
 * signed-in shell load after a page's first reads, and a message sent meanwhile was lost. Those reads are made once
 * more (`catchUp`, by default reading the watched keys afresh); a query nobody has read yet needs nothing.
 */
export function catchUpOnStart(
  queryClient: QueryClient,
  watched: readonly QueryKey[],
  catchUp: () => void = () => {
    for (const queryKey of watched) void readAfresh(queryClient, queryKey);
  },
): () => void {
  return () => {
    if (watched.some((queryKey) => readBefore(queryClient, queryKey))) catchUp();
  };
}

/** A reducer's answer when the cached data cannot take the event (it lacks what the event needs): read it again. */
export const READ_AGAIN: unique symbol = Symbol('read again');

/**
 * Puts one change into every cached query under `queryKey` (each search or page size is its own entry): `reduce` is a
 * feature's pure reducer, given the entry's data and key. An entry it answers READ_AGAIN for is read again instead;
 * entries holding no data are left for their first read.
 */
export function applyToCached<TData>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, TData, unknown> | QueryKey,
  reduce: (data: TData, entryKey: QueryKey) => TData | typeof READ_AGAIN,
): void {
  for (const [entryKey, data] of queryClient.getQueriesData<TData>({ queryKey })) {
    if (data === undefined) continue;
    const next = reduce(data, entryKey);
    if (next === READ_AGAIN) void queryClient.invalidateQueries({ queryKey: entryKey, exact: true });
    else if (next !== data) queryClient.setQueryData(entryKey, next);
  }
}

/** What a live feature tells the subscription hook (use-live-subscription.ts). */
export interface LiveFeature<TEvent> {
  /**
   * The queries this subscription keeps current. At each (re)start those read before are caught up (read afresh);
   * after each event, one being read at that moment is read again, as its answer may predate the event.
   */
  watched: readonly QueryKey[];
  /** Applies one event to the cache with the feature's pure reducers (and any effect it has: a toast...). */
  onEvent: (event: TEvent, id: string) => void;
  /** Replaces the default catch-up (each watched query read afresh), run only if a watched query was read before. */
  catchUp?: () => void;
  /** After each (re)start, once the catch-up is asked for. */
  onStarted?: () => void;
}

/**
 * The subscription's two callbacks for a live feature, kept apart from React so the rules can be tested: a start
 * (first or after a reconnect) catches up, an event is applied and then guards the watched reads in flight.
 */
export function liveHandlers<TEvent>(
  queryClient: QueryClient,
  feature: LiveFeature<TEvent>,
): { onStarted: () => void; onData: (tracked: { id: string; data: TEvent }) => void } {
  const catchUp = catchUpOnStart(queryClient, feature.watched, feature.catchUp);
  return {
    onStarted: () => {
      catchUp();
      feature.onStarted?.();
    },
    onData: ({ id, data }) => {
      feature.onEvent(data, id);
      for (const queryKey of feature.watched) rereadIfInFlight(queryClient, queryKey);
    },
  };
}
