import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { toast } from '../../lib/toast';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { withFeedback } from '../../lib/mutation-feedback';
import { serverReason, toastFailure } from '../../lib/network-error';
import { useTRPC } from '../../lib/trpc';

export function useProviderReviewBlock(providerId: string, limit?: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.reviews.profile.queryOptions({ providerId, limit }), enabled: providerId.length > 0 });
}

export function useProviderReviews(providerId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.forProvider.queryOptions({ providerId }));
}

export function useLatestReviews() {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.latest.queryOptions());
}

/** The spec's review failures: a lost session, a refusal the server explains, or anything unexpected. */
export function showReviewFailure(error: unknown): void {
  if (error instanceof TRPCClientError && (error.data as { code?: string } | null)?.code === 'UNAUTHORIZED') {
    toast.error(REVIEW_MESSAGES.mustBeLoggedIn);
  } else if (serverReason(error) === undefined) {
    toast.error(REVIEW_MESSAGES.unexpected);
  } else {
    toastFailure(REVIEW_MESSAGES.submitFailed, error);
  }
}

/** The outcome is told here, not by the dialog, so it shows even if the dialog is gone by the time it arrives. */
export function useSubmitReview() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    withFeedback(
      trpc.reviews.submit.mutationOptions({
        onSuccess: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey() }),
          ]),
      }),
      { success: REVIEW_MESSAGES.submitted, failure: showReviewFailure },
    ),
  );
}
