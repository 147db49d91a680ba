import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTION_TEXTS, MEMBER_REPORT_TEXTS, type ReportSort } from '../../../domain/member-reports';
import { appCodeOf } from '../../lib/app-error';
import { applyToCached } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { withQueueChange, type QueueChange, type QueueItem } from './queue-cache';

/** Send a report; its toast does not depend on the dialog staying open. */
export function useSubmitMemberReport() {
  const trpc = useTRPC();
  return useMutation(
    withFeedback(trpc.memberReports.submit.mutationOptions(), {
      success: MEMBER_REPORT_TEXTS.sent,
      failure: MEMBER_REPORT_TEXTS.failed,
      reason: 'instead',
    }),
  );
}

/**
 * The signed-in member's own platform-wide mute (`until`, null when none): the composers say why they refuse.
 * `recheck` reads it again after a send the server refused as muted (a mute given while the page was open).
 */
export function useMyMute(enabled = true) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.memberReports.myMute.queryOptions(),
    enabled,
    staleTime: 60_000,
    // A mute that has ended since it was read no longer holds.
    select: ({ until }) => (until && Date.parse(until) > Date.now() ? until : null),
  });
  const recheck = (error: unknown) => {
    if (appCodeOf(error) === 'MEMBER_MUTED') {
      void queryClient.invalidateQueries({ queryKey: trpc.memberReports.myMute.queryKey() });
    }
  };
  return { until: query.data ?? null, recheck };
}

function useApplyQueueChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.memberReports.queue.queryKey();
  return (change: QueueChange) =>
    applyToCached<QueueItem[]>(queryClient, key, (items, entryKey) => {
      const sort = ((entryKey[1] as { input?: { sort?: ReportSort } } | undefined)?.input?.sort ??
        'newest') as ReportSort;
      return withQueueChange(items, change, sort);
    });
}

/** The queue, newest or most reported first, with its items changed live as reports come and are settled. */
export function useReportQueue(sort: ReportSort) {
  const trpc = useTRPC();
  const apply = useApplyQueueChange();
  const queue = useQuery(trpc.memberReports.queue.queryOptions({ sort }));
  useLiveSubscription(trpc.memberReports.events.subscriptionOptions(undefined), {
    watched: [trpc.memberReports.queue.queryKey()],
    onEvent: (event) => apply(event),
  });
  return queue;
}

/** An admin's action on an item: it leaves the queue at once (the live event says the same). */
export function useResolveReports() {
  const trpc = useTRPC();
  const apply = useApplyQueueChange();
  return useMutation(
    withFeedback(
      trpc.memberReports.resolve.mutationOptions({
        onSuccess: (_result, { targetKind, targetId }) => apply({ targetKind, targetId, item: null }),
      }),
      { success: (_result, { action }) => ACTION_TEXTS[action].done, reason: 'instead' },
    ),
  );
}
