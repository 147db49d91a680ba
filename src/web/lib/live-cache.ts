import type { QueryClient, QueryKey } from '@tanstack/react-query';

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
 * more (`catchUp`, by default invalidating the watched keys); a query nobody has read yet needs nothing.
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
