import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a live event was applied to cached queries: if one of them is being read right now (the read a
 * subscription's start asks for), that answer may have left the database before the event's change and would
 * overwrite it when it lands. Only then is the query read once more; otherwise the event alone is the update.
 */
export function rereadIfInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
}
