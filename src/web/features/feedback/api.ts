import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  FEEDBACK_ADMIN_STATUSES,
  type FeedbackAdminStatus,
} from '../../../domain/feedback';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { applyToCached } from '../../lib/live-cache';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { applyToAdminTable, applyToMine } from './feedback-cache';

/** My Feedback: the signed-in member's own items, kept current by useMyFeedbackEvents. */
export function useMyFeedback() {
  const trpc = useTRPC();
  return useQuery(trpc.feedback.mine.queryOptions());
}

/**
 * The member's items as admins answer and resolve them (and as other tabs submit): each event carries the item,
 * put in place in the cached history. When the subscription (re)starts, the history is read once, for what changed
 * while nothing was listening.
 */
export function useMyFeedbackEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.feedback.mine.queryKey();
  useLiveSubscription(trpc.feedback.events.subscriptionOptions(undefined), {
    watched: [key],
    onEvent: (event) => {
      if (event.type === 'feedback-changed') applyToCached(queryClient, key, (old) => applyToMine(old, event.item));
    },
  });
}

/** The outcome is told by the mutation, so it shows even if the form is gone when the answer comes. */
export function useSubmitFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    withFeedback(
      trpc.feedback.submit.mutationOptions({
        onSuccess: (item) => {
          // The answer is the stored item: the history takes it without reading the list again.
          queryClient.setQueryData(trpc.feedback.mine.queryKey(), (old) => old && applyToMine(old, item));
        },
      }),
      {
        success: FEEDBACK_MESSAGES.submitted,
        failure: FEEDBACK_MESSAGES.submitFailed,
        signedOut: FEEDBACK_MESSAGES.mustBeLoggedIn,
      },
    ),
  );
}

/** The admins' tables are read in full (up to the bound); the dashboard asks for fewer with its own limit. */
export const ADMIN_TABLE_LIMIT = FEEDBACK_LIMITS.listMax;

export function useAdminFeedback(status: FeedbackAdminStatus) {
  const trpc = useTRPC();
  return useQuery(trpc.feedback.adminList.queryOptions({ status, limit: ADMIN_TABLE_LIMIT }));
}

type AdminFeedbackItem = inferRouterOutputs<AppRouter>['feedback']['adminList']['items'][number];

/** Puts an admin's view of an item (from an answer or an event) into every cached admin table. */
function useApplyAdminItem() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (item: AdminFeedbackItem) => {
    for (const status of FEEDBACK_ADMIN_STATUSES) {
      applyToCached(queryClient, trpc.feedback.adminList.queryKey({ status }), (old, key) => {
        const input = (key[1] as { input?: { limit?: number } } | undefined)?.input;
        return applyToAdminTable(old, status, input?.limit ?? ADMIN_TABLE_LIMIT, item);
      });
    }
  };
}

/** Every admin's open page hears new items, answers and resolutions, each carrying the item. */
export function useAdminFeedbackEvents() {
  const trpc = useTRPC();
  const apply = useApplyAdminItem();
  useLiveSubscription(trpc.feedback.adminEvents.subscriptionOptions(undefined), {
    watched: [trpc.feedback.adminList.queryKey()],
    onEvent: (event) => {
      if (event.type === 'admin-feedback-changed') apply(event.item);
    },
  });
}

export function useRespondToFeedback() {
  const trpc = useTRPC();
  const apply = useApplyAdminItem();
  return useMutation(
    withFeedback(trpc.feedback.respond.mutationOptions({ onSuccess: (item) => apply(item) }), {
      success: FEEDBACK_MESSAGES.responded,
      failure: FEEDBACK_MESSAGES.respondFailed,
    }),
  );
}

export function useResolveFeedback() {
  const trpc = useTRPC();
  const apply = useApplyAdminItem();
  return useMutation(
    withFeedback(trpc.feedback.resolve.mutationOptions({ onSuccess: (item) => apply(item) }), {
      success: FEEDBACK_MESSAGES.resolved,
      failure: FEEDBACK_MESSAGES.resolveFailed,
    }),
  );
}
