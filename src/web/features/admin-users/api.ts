import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ADMIN_USER_TEXTS, newsletterExportFileName } from '../../../domain/admin-users';
import { applyToCached, rereadIfInFlight } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { toastFailure } from '../../lib/network-error';
import { useTRPC } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { toast } from '../../lib/toast';
import { exportNotice } from './export-notice';
import { applyUserEvent, findUser, patchUser, type AdminUsersData, type AdminUsersEvent } from './admin-users-cache';

/** Our texts, beyond the spec's (which are ADMIN_USER_TEXTS). */
export const ADMIN_USERS_PAGE_TEXTS = {
  suspended: 'User suspended',
  suspendFailed: 'Failed to suspend user',
  unsuspended: 'Suspension lifted',
  unsuspendFailed: 'Failed to lift the suspension',
  madeAdmin: 'Admin role granted',
  removedAdmin: 'Admin role removed',
  roleFailed: 'Failed to change the admin role',
  exportFailed: 'Failed to export newsletter subscriptions',
} as const;

/** Registered users, 50 a page, newest first; `search` (trimmed) narrows by name or email. */
export function useAdminUsers(search: string) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.adminUsers.list.infiniteQueryOptions(
      { search: search || undefined },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    // While a new search is read, the last answer stays on screen instead of a blank table.
    placeholderData: (previous) => previous,
  });
}

/** Newsletter-only subscriptions, 50 a page, newest first. */
export function useNewsletterOnly() {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.adminUsers.newsletterOnly.infiniteQueryOptions(
      {},
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
}

/** Every loaded users list (each search is its own cache entry) with one change applied. */
function applyToLists(
  queryClient: QueryClient,
  key: readonly unknown[],
  event: AdminUsersEvent,
): { wasSubscribed: boolean | undefined } {
  let wasSubscribed: boolean | undefined;
  applyToCached<AdminUsersData>(queryClient, key, (data, entryKey) => {
    wasSubscribed ??= findUser(data, event.userId)?.subscribed;
    const input = (entryKey[1] as { input?: { search?: string } } | undefined)?.input;
    return applyUserEvent(data, event, { searching: Boolean(input?.search) });
  });
  return { wasSubscribed };
}

function useApplyUserEvent() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const usersKey = trpc.adminUsers.list.infiniteQueryKey();
  const newsletterKey = trpc.adminUsers.newsletterOnly.infiniteQueryKey();
  return (event: AdminUsersEvent) => {
    const { wasSubscribed } = applyToLists(queryClient, usersKey, event);
    // An account that comes or goes with a subscribed address moves that address out of or into the
    // newsletter-only table; the event does not carry that table, so only then is it read again.
    const subscribed = event.type === 'user-changed' ? event.user.subscribed : wasSubscribed;
    if (subscribed && (event.type === 'user-removed' || wasSubscribed === undefined)) {
      void queryClient.invalidateQueries({ queryKey: newsletterKey });
    }
  };
}

/**
 * Sign-ups, sign-ins, deletions, suspensions and role changes as they happen, each with the row after it, applied
 * to the cached users lists; `onEvent` hands each to another screen's cache too (the dashboard's recent users). A
 * (re)start reads the lists once, for what changed while nothing was listening.
 */
export function useAdminUsersEvents(onEvent?: (event: AdminUsersEvent) => void) {
  const trpc = useTRPC();
  const apply = useApplyUserEvent();
  useLiveSubscription(trpc.adminUsers.events.subscriptionOptions(undefined), {
    watched: [trpc.adminUsers.list.infiniteQueryKey()],
    onEvent: (event) => {
      apply(event);
      // Another screen's own cache (the dashboard's recent users) takes the same row.
      onEvent?.(event);
    },
  });
}

export function useDeleteUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const apply = useApplyUserEvent();
  return useMutation(
    withFeedback(
      trpc.adminUsers.delete.mutationOptions({
        onSuccess: (_result, { userId }) => {
          apply({ type: 'user-removed', userId });
          // A list being read right now may predate the deletion: it is read once more.
          rereadIfInFlight(queryClient, trpc.adminUsers.list.infiniteQueryKey());
        },
      }),
      {
        success: (result) => ADMIN_USER_TEXTS.deleted(result.email),
        failure: (_error, _variables, reason) => void toast.error(ADMIN_USER_TEXTS.deleteFailed(reason ?? '')),
      },
    ),
  );
}

/**
 * A role change or a suspension, put into the loaded rows from the answer and the input at once: the row must not
 * read "Active" after "User suspended". The live event, which carries the whole row, replaces it when it comes.
 */
function usePatchUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (userId: string, patch: Parameters<typeof patchUser>[2]) => {
    applyToCached<AdminUsersData>(queryClient, trpc.adminUsers.list.infiniteQueryKey(), (old) =>
      patchUser(old, userId, patch),
    );
    rereadIfInFlight(queryClient, trpc.adminUsers.list.infiniteQueryKey());
  };
}

export function useSetAdmin() {
  const trpc = useTRPC();
  const patch = usePatchUser();
  return useMutation(
    withFeedback(
      trpc.adminUsers.setAdmin.mutationOptions({
        onSuccess: (_result, { userId, admin }) => patch(userId, { isAdmin: admin }),
      }),
      {
        success: (_result, { admin }) =>
          admin ? ADMIN_USERS_PAGE_TEXTS.madeAdmin : ADMIN_USERS_PAGE_TEXTS.removedAdmin,
        failure: ADMIN_USERS_PAGE_TEXTS.roleFailed,
      },
    ),
  );
}

export function useSuspendUser() {
  const trpc = useTRPC();
  const patch = usePatchUser();
  return useMutation(
    withFeedback(
      trpc.adminUsers.suspend.mutationOptions({
        onSuccess: ({ until }, { userId, reason }) => patch(userId, { suspension: { until, reason } }),
      }),
      { success: ADMIN_USERS_PAGE_TEXTS.suspended, failure: ADMIN_USERS_PAGE_TEXTS.suspendFailed },
    ),
  );
}

export function useUnsuspendUser() {
  const trpc = useTRPC();
  const patch = usePatchUser();
  return useMutation(
    withFeedback(
      trpc.adminUsers.unsuspend.mutationOptions({
        onSuccess: (_result, { userId }) => patch(userId, { suspension: null }),
      }),
      { success: ADMIN_USERS_PAGE_TEXTS.unsuspended, failure: ADMIN_USERS_PAGE_TEXTS.unsuspendFailed },
    ),
  );
}

/**
 * Export All: reads every active subscription's email now (never a cached copy) and saves it as today's text file.
 */
export function useExportNewsletter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...trpc.adminUsers.exportNewsletter.queryOptions(), staleTime: 0 }),
    onSuccess: ({ text, count, truncated }) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = newsletterExportFileName(new Date());
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      const notice = exportNotice({ count, truncated });
      if (notice.kind === 'warning') toast.warning(notice.text);
      else toast.success(notice.text);
    },
    onError: (error) => toastFailure(ADMIN_USERS_PAGE_TEXTS.exportFailed, error),
  });
}
