import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BLOCK_MESSAGES, blockName } from '../../../domain/blocks';
import { applyToCached } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { useSession } from '../accounts/api';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { applyToIds, applyToPages, type BlockedPages, type BlockLiveEvent } from './blocks-cache';

export type BlockTarget = { id: string; firstName: string | null; lastName: string | null };

const NONE: readonly string[] = [];

/** Whom the caller blocked, as a set: one query for every button and every room on screen. */
export function useBlockedIds(): ReadonlySet<string> {
  const trpc = useTRPC();
  const signedIn = Boolean(useSession().account);
  // Kept current by the block answers and the live channel, never by reading again.
  const ids = useQuery({ ...trpc.blocks.ids.queryOptions(), enabled: signedIn, staleTime: Infinity });
  const list = ids.data ?? NONE;
  return useMemo(() => new Set(list), [list]);
}

export function useBlockedList() {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.blocks.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
}

/** Applies a block or an unblock to every cached answer: the ids, the list and the status of that member. */
function useApplyBlock() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (event: BlockLiveEvent) => {
    queryClient.setQueryData(trpc.blocks.ids.queryKey(), (old) => old && applyToIds(old, event));
    applyToCached<BlockedPages>(queryClient, trpc.blocks.list.infiniteQueryKey(), (old) => applyToPages(old, event));
    const userId = event.type === 'blocked' ? event.member.userId : event.userId;
    queryClient.setQueryData(trpc.blocks.status.queryKey({ userId }), { blocked: event.type === 'blocked' });
  };
}

/**
 * Block and unblock, each with its toast on the mutation itself (a menu or a row that unmounts as the list changes
 * still tells the outcome), and the answer applied to the cache at once.
 */
export function useBlockMutations() {
  const trpc = useTRPC();
  const apply = useApplyBlock();
  const block = useMutation(
    withFeedback(trpc.blocks.block.mutationOptions({ onSuccess: (member) => apply({ type: 'blocked', member }) }), {
      success: (member) => BLOCK_MESSAGES.blocked(blockName(member)),
      failure: BLOCK_MESSAGES.blockFailed,
    }),
  );
  const unblock = useMutation(
    withFeedback(
      trpc.blocks.unblock.mutationOptions({ onSuccess: ({ userId }) => apply({ type: 'unblocked', userId }) }),
      { success: (member) => BLOCK_MESSAGES.unblocked(blockName(member)), failure: BLOCK_MESSAGES.unblockFailed },
    ),
  );
  return { block, unblock };
}

/** The caller's blocks from their other tabs, live, mounted once with the signed-in shell. */
export function useBlockEvents(signedIn: boolean) {
  const trpc = useTRPC();
  const apply = useApplyBlock();
  useLiveSubscription(trpc.blocks.events.subscriptionOptions(undefined, { enabled: signedIn }), {
    watched: [trpc.blocks.ids.queryKey(), trpc.blocks.list.infiniteQueryKey()],
    onEvent: apply,
  });
}
