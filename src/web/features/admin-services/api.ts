import { useMutation, useQueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { rereadIfInFlight } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { applyAdminEvent, applyPollStarted, type AdminServicesData } from './admin-services-cache';

/** Our texts, beyond the spec's. */
export const ADMIN_SERVICES_TEXTS = {
  restored: 'Service restored: it is listed again',
  restoreFailed: 'Failed to restore service',
  dismissed: 'Poll outcome dismissed',
  dismissFailed: 'Failed to dismiss the poll',
} as const;

/** /admin-services' cards, 24 a page, flagged first (adminServices.list). */
export function useAdminServices() {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.adminServices.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
}

function useAdminServicesCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.adminServices.list.infiniteQueryKey({});
  return {
    key,
    update(change: (data: AdminServicesData) => AdminServicesData | null) {
      let reread = false;
      queryClient.setQueryData<AdminServicesData>(key, (old) => {
        if (!old) return old;
        const next = change(old);
        if (next === null) reread = true;
        return next ?? old;
      });
      if (reread) void queryClient.invalidateQueries({ queryKey: key });
      else rereadIfInFlight(queryClient, key);
    },
    invalidate: () => void queryClient.invalidateQueries({ queryKey: key }),
  };
}

/**
 * New reports, poll outcomes and other admins' deletes and restores, applied to the loaded cards as they arrive
 * (they carry the counts and states); a (re)start reads the list once so nothing missed while away stays missing.
 */
export function useAdminServicesEvents() {
  const trpc = useTRPC();
  const cache = useAdminServicesCache();
  useSubscription(
    trpc.reports.adminEvents.subscriptionOptions(undefined, {
      onStarted: cache.invalidate,
      onData: ({ data }) => cache.update((old) => applyAdminEvent(old, data)),
    }),
  );
}

/** One service's reports, read when its Reports dialog opens. */
export function useServiceReports(serviceId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.reports.forService.queryOptions({ serviceId }), enabled });
}

/** The card shows the poll at once from the answer (members hear of it on their own channel). */
export function useMarkPollStarted() {
  const cache = useAdminServicesCache();
  return (serviceId: string, pollId: string) => cache.update((old) => applyPollStarted(old, serviceId, pollId));
}

export function useDeleteServiceAsAdmin() {
  const trpc = useTRPC();
  const cache = useAdminServicesCache();
  return useMutation(
    withFeedback(
      trpc.adminServices.delete.mutationOptions({
        onSuccess: (_result, { serviceId }) =>
          cache.update((old) => applyAdminEvent(old, { type: 'service-removed', serviceId })),
      }),
      { success: SERVICE_MESSAGES.deleted, failure: SERVICE_MESSAGES.deleteFailed },
    ),
  );
}

export function useRestoreService() {
  const trpc = useTRPC();
  const cache = useAdminServicesCache();
  return useMutation(
    withFeedback(
      trpc.adminServices.restore.mutationOptions({
        onSuccess: (_result, { serviceId }) =>
          cache.update((old) => applyAdminEvent(old, { type: 'service-restored', serviceId })),
      }),
      { success: ADMIN_SERVICES_TEXTS.restored, failure: ADMIN_SERVICES_TEXTS.restoreFailed },
    ),
  );
}

/** For the dashboard's passed ban polls: settle one without suspending the member. */
export function useDismissPoll() {
  const trpc = useTRPC();
  return useMutation(
    withFeedback(trpc.adminServices.dismissPoll.mutationOptions(), {
      success: ADMIN_SERVICES_TEXTS.dismissed,
      failure: ADMIN_SERVICES_TEXTS.dismissFailed,
    }),
  );
}
