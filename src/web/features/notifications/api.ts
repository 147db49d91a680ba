import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIMITS } from '../../../domain/notifications';
import { applyToCached } from '../../lib/live-cache';
import { useTRPC } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { applyEventToPages, markReadInPages, type NotificationPages } from './notifications-cache';

/** The bell's newest items, or the page's pages (`limit` tells them apart in the cache). */
export function useNotifications(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.notifications.list.infiniteQueryOptions(
      { limit },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    enabled,
  });
}

export const BELL_LIMIT = NOTIFICATION_LIMITS.bellItems;
export const PAGE_LIMIT = NOTIFICATION_LIMITS.pageDefault;

export function useUnreadNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.notifications.unreadCount.queryOptions(), enabled });
}

/** Applies a read to every cached list and sets the count the server answered. */
function useApplyRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (ids: string[] | null, unreadCount: number) => {
    const readAt = new Date().toISOString();
    applyToCached<NotificationPages>(queryClient, trpc.notifications.list.infiniteQueryKey(), (old) =>
      markReadInPages(old, ids, readAt),
    );
    queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { count: unreadCount });
  };
}

export function useMarkNotificationRead() {
  const trpc = useTRPC();
  const applyRead = useApplyRead();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (answer, input) => applyRead([input.id], answer.unreadCount),
    }),
  );
}

export function useMarkAllNotificationsRead() {
  const trpc = useTRPC();
  const applyRead = useApplyRead();
  return useMutation(
    trpc.notifications.markAllRead.mutationOptions({ onSuccess: (answer) => applyRead(null, answer.unreadCount) }),
  );
}

/**
 * The member's items and count, live (notifications.events), mounted once with the bell: each event carries the item
 * and the unread count after it, applied to every cached list and to the count without a read.
 */
export function useNotificationEvents(userId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.notifications.list.infiniteQueryKey();
  const countKey = trpc.notifications.unreadCount.queryKey();
  useLiveSubscription(trpc.notifications.events.subscriptionOptions(undefined, { enabled: userId !== null }), {
    watched: [listKey, countKey],
    onEvent: (event) => {
      applyToCached<NotificationPages>(queryClient, listKey, (old) => applyEventToPages(old, event));
      queryClient.setQueryData(countKey, { count: event.unreadCount });
    },
  });
}
