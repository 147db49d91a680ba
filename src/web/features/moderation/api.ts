import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_MESSAGES, REPORT_MESSAGES } from '../../../domain/polls';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { applyOwnVote, applyPollEventToList, stampReceivedAt, type PollList } from './polls-cache';
import { applyToCached } from '../../lib/live-cache';
import { useLiveSubscription } from '../../lib/use-live-subscription';

/**
 * /polls: the active polls with their counts and the caller's own vote, stamped with when the answer arrived, so
 * the server-clock offset survives live updates (polls-cache.ts PollList).
 */
export function usePolls(enabled = true) {
  const trpc = useTRPC();
  const options = trpc.polls.list.queryOptions();
  return useQuery({
    ...options,
    queryFn: async (context) => stampReceivedAt(await options.queryFn!(context)),
    enabled,
  });
}

/**
 * New polls, counts and closes, applied to the list as they arrive (the events carry the counts: nothing is read
 * again). A (re)start reads the list once, so what happened while the socket was away is not missed.
 */
export function usePollEvents(enabled: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.polls.list.queryKey();
  useLiveSubscription(trpc.polls.events.subscriptionOptions({}, { enabled }), {
    watched: [key],
    onEvent: (event) => applyToCached<PollList>(queryClient, key, (old) => applyPollEventToList(old, event)),
  });
}

export function useCastVote() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    withFeedback(
      trpc.polls.vote.mutationOptions({
        onSuccess: (vote) =>
          queryClient.setQueryData<PollList>(
            trpc.polls.list.queryKey(),
            (old) => old && { ...old, polls: applyOwnVote(old.polls, vote) },
          ),
      }),
      // "You have already voted on this poll" and "This poll has ended" are the server's reasons, shown instead.
      { success: POLL_MESSAGES.voted, failure: POLL_MESSAGES.voteFailed, reason: 'instead' },
    ),
  );
}

/** Admins start a poll (the admin services page offers it); the list shows it when its event arrives. */
export function useCreatePoll() {
  const trpc = useTRPC();
  return useMutation(
    withFeedback(trpc.polls.create.mutationOptions(), {
      success: POLL_MESSAGES.created,
      failure: POLL_MESSAGES.createFailed,
    }),
  );
}

export function useReportService() {
  const trpc = useTRPC();
  return useMutation(
    withFeedback(trpc.reports.submit.mutationOptions(), {
      success: REPORT_MESSAGES.submitted,
      failure: REPORT_MESSAGES.submitFailed,
      reason: 'instead',
      signedOut: REPORT_MESSAGES.signInToReport,
    }),
  );
}
