import { useMutation, useQueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { applyToCached, READ_AGAIN, rereadIfInFlight } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
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
  // A change the loaded cards cannot take (null: a card they do not hold) has the list read again.
  const apply = (change: (data: AdminServicesData) => AdminServicesData | null) =>
    applyToCached<AdminServicesData>(queryClient, key, (old) => change(old) ?? READ_AGAIN);
  return {
    key,
    apply,
    /** An answer applied while the list is being read: that read may predate it, so it is made again. */
    update(change: (data: AdminServicesData) => AdminServicesData | null) {
      apply(change);
      rereadIfInFlight(queryClient, key);
    },
  };
}

/**
 * New reports, poll outcomes and other admins' deletes and restores, applied to the loaded cards as they arrive
 * (they carry the counts and states); a (re)start reads the list once so nothing missed while away stays missing.
 */
export function useAdminServicesEvents() {
  const trpc = useTRPC();
  const cache = useAdminServicesCache();
  useLiveSubscription(trpc.reports.adminEvents.subscriptionOptions(undefined), {
    watched: [cache.key],
    onEvent: (event) => cache.apply((old) => applyAdminEvent(old, event)),
  });
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
