import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useSubmitReview() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.reviews.submit.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey() }),
        ]),
    }),
  );
}
