import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGE_SEARCH_LIMITS, type MessageSearchScope } from '../../../domain/message-search';
import { useTRPC } from '../../lib/trpc';

/** How long typing must pause before the search is sent: one search per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The search's pages for what was typed, newest first; nothing is asked for a query the server would refuse. */
export function useMessageSearch(typed: string, scope: MessageSearchScope) {
  const trpc = useTRPC();
  const query = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const valid = query.length >= MESSAGE_SEARCH_LIMITS.queryMin && query.length <= MESSAGE_SEARCH_LIMITS.queryMax;
  const search = useInfiniteQuery({
    ...trpc.messageSearch.search.infiniteQueryOptions(
      { query, scope },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    enabled: valid,
    retry: false,
    placeholderData: keepPreviousData,
    // Messages arrive all the time: a search typed again is asked again, not read from a stale cache.
    staleTime: 0,
    gcTime: 30_000,
  });
  return { search, query, valid, settling: query !== typed.trim() };
}
