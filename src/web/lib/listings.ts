import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { LISTING_PATHS, listingToQuery, type ListingQueryInput } from '../../domain/listing-filters';
import type { AppRouter } from '../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
/** The plain listing routes answer exactly what `services.list` and `requests.list` do. */
interface ListingPages {
  services: Outputs['services']['list'];
  requests: Outputs['requests']['list'];
}
type Kind = keyof ListingPages;
type Cursor = ListingPages[Kind]['nextCursor'];

/** The query key of every page of one listing, for invalidation after a write. */
export const listingKey = (kind: Kind) => ['listings', kind] as const;

async function fetchListing<K extends Kind>(kind: K, query: string, signal: AbortSignal): Promise<ListingPages[K]> {
  const response = await fetch(`${LISTING_PATHS[kind]}?${query}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the ${kind} (HTTP ${response.status})`);
  return (await response.json()) as ListingPages[K];
}

/**
 * A public listing, a page at a time (keyset cursor from the server). While new filters load, the previous
 * results stay on screen (`isPlaceholderData`): swapping them for skeletons would unmount the card a user is
 * pressing at that moment.
 */
export function useListing<K extends Kind>(kind: K, filters: Omit<ListingQueryInput, 'cursor'>) {
  return useInfiniteQuery({
    queryKey: [...listingKey(kind), filters],
    queryFn: ({ pageParam, signal }) => fetchListing(kind, listingToQuery({ ...filters, cursor: pageParam }), signal),
    initialPageParam: null as Cursor,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}
