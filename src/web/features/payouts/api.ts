import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAYOUT_MESSAGES, payoutBadge, type PayoutStatus } from '../../../domain/payouts';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';

/** What the payout pages tell each other: the return page posts it to its opener, which refreshes. */
export const ONBOARDING_FINISHED = 'payouts-onboarding-finished';

/** connect-account-status, polled every `pollMs` while `shouldPoll` says the account is still changing. */
export function usePayoutStatus(pollMs: number, shouldPoll: (status: PayoutStatus | undefined) => boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.payouts.status.queryOptions(),
    refetchInterval: (q) => (shouldPoll(q.state.data) ? pollMs : false),
  });
  // The onboarding window (or the setup tab) says it finished: ask again now rather than at the next poll.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== ONBOARDING_FINISHED) return;
      void queryClient.invalidateQueries({ queryKey: trpc.payouts.status.queryKey() });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, trpc]);
  return query;
}

export const connectedNotReady = (s: PayoutStatus | undefined) => Boolean(s?.connected) && payoutBadge(s!) !== 'ready';

export function usePayoutMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.payouts.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.profiles.mine.queryKey() }),
    ]);
  return {
    beginSetup: useMutation(trpc.payouts.beginSetup.mutationOptions()),
    createAccount: useMutation(trpc.payouts.createAccount.mutationOptions({ onSettled: refresh })),
    accountLink: useMutation(trpc.payouts.accountLink.mutationOptions()),
    saveDateOfBirth: useMutation(
      withFeedback(trpc.payouts.saveDateOfBirth.mutationOptions({ onSuccess: refresh }), {
        success: PAYOUT_MESSAGES.dobSaved,
        failure: PAYOUT_MESSAGES.dobSaveFailed,
        reason: 'instead',
      }),
    ),
  };
}

/** What the setup page's error rules read from a failed call: its text, error code and transport code. */
export function refusalOf(error: unknown) {
  const e = error as { message?: string; data?: { appCode?: string | null; code?: string } } | null;
  return { message: e?.message, appCode: e?.data?.appCode ?? null, code: e?.data?.code ?? null };
}
