import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { useTRPC } from '../../lib/trpc';
import { listInputOf, type AuditFilterValues } from './audit-filters';

export type AuditEntry = inferRouterOutputs<AppRouter>['audit']['list']['entries'][number];

/**
 * /admin/audit's pages for the filters in the address, newest first (audit.list, keyset pages). The previous
 * filters' entries stay on screen while new ones load, marked as placeholder so Load More waits for the new cursor.
 */
export function useAuditLog(filters: AuditFilterValues) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.audit.list.infiniteQueryOptions(listInputOf(filters), {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

/** The Admin filter's choices: everyone with entries (audit.actors, bounded by the server). */
export function useAuditActors() {
  const trpc = useTRPC();
  return useQuery(trpc.audit.actors.queryOptions());
}
