import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { PORTFOLIO_MESSAGES } from '../../../domain/portfolio';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';

export function usePortfolio(userId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({ ...trpc.portfolio.list.queryOptions({ userId }), enabled: userId.length > 0 });
  // Changes arrive live, from the owner's other tabs or while a visitor looks.
  useSubscription(
    trpc.portfolio.events.subscriptionOptions(
      { userId },
      {
        enabled: userId.length > 0,
        onData: () => void queryClient.invalidateQueries({ queryKey: trpc.portfolio.list.queryKey({ userId }) }),
      },
    ),
  );
  return query;
}

function useInvalidatePortfolio() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.portfolio.list.queryKey() });
}

export function useCreatePortfolioItem() {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  return useMutation(
    withFeedback(trpc.portfolio.create.mutationOptions({ onSuccess: invalidate }), {
      success: PORTFOLIO_MESSAGES.added,
      failure: PORTFOLIO_MESSAGES.addFailed,
    }),
  );
}

export function useUpdatePortfolioItem() {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  return useMutation(
    withFeedback(trpc.portfolio.update.mutationOptions({ onSuccess: invalidate }), {
      success: PORTFOLIO_MESSAGES.updated,
      failure: PORTFOLIO_MESSAGES.updateFailed,
    }),
  );
}

export function useDeletePortfolioItem() {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  return useMutation(
    withFeedback(trpc.portfolio.delete.mutationOptions({ onSuccess: invalidate }), {
      success: PORTFOLIO_MESSAGES.deleted,
      failure: PORTFOLIO_MESSAGES.deleteFailed,
    }),
  );
}
