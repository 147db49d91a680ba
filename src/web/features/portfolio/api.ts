import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTFOLIO_MESSAGES } from '../../../domain/portfolio';
import { applyToCached } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { applyPortfolioEvent, withoutPortfolioItem, withPortfolioItem, type PortfolioEntry } from './portfolio-cache';

/**
 * A user's portfolio, live: changes arrive from the owner's other tabs or while a visitor looks, each with the saved
 * item or the removed item's id, and a (re)start catches up on what changed before it listened.
 */
export function usePortfolio(userId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.portfolio.list.queryKey({ userId });
  const query = useQuery({ ...trpc.portfolio.list.queryOptions({ userId }), enabled: userId.length > 0 });
  useLiveSubscription(trpc.portfolio.events.subscriptionOptions({ userId }, { enabled: userId.length > 0 }), {
    watched: [key],
    onEvent: (event) => applyToCached(queryClient, key, (portfolio) => applyPortfolioEvent(portfolio, event)),
  });
  return query;
}

/** The owner's portfolio takes a mutation's answer at once; the live event that follows only confirms it. */
function usePortfolioCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    saved: (item: PortfolioEntry) =>
      applyToCached(queryClient, trpc.portfolio.list.queryKey({ userId: item.userId }), (old) =>
        withPortfolioItem(old, item),
      ),
    removed: (itemId: string) =>
      applyToCached(queryClient, trpc.portfolio.list.queryKey(), (old) => withoutPortfolioItem(old, itemId)),
  };
}

export function useCreatePortfolioItem() {
  const trpc = useTRPC();
  const cache = usePortfolioCache();
  return useMutation(
    withFeedback(trpc.portfolio.create.mutationOptions({ onSuccess: cache.saved }), {
      success: PORTFOLIO_MESSAGES.added,
      failure: PORTFOLIO_MESSAGES.addFailed,
    }),
  );
}

export function useUpdatePortfolioItem() {
  const trpc = useTRPC();
  const cache = usePortfolioCache();
  return useMutation(
    withFeedback(trpc.portfolio.update.mutationOptions({ onSuccess: cache.saved }), {
      success: PORTFOLIO_MESSAGES.updated,
      failure: PORTFOLIO_MESSAGES.updateFailed,
    }),
  );
}

export function useDeletePortfolioItem() {
  const trpc = useTRPC();
  const cache = usePortfolioCache();
  return useMutation(
    withFeedback(trpc.portfolio.delete.mutationOptions({ onSuccess: (_answer, { id }) => cache.removed(id) }), {
      success: PORTFOLIO_MESSAGES.deleted,
      failure: PORTFOLIO_MESSAGES.deleteFailed,
    }),
  );
}
