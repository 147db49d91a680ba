import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { useTRPC } from '../../lib/trpc';

export type PaymentHistory = inferRouterOutputs<AppRouter>['settlement']['history'];

/** The money of one conversation; the chat's live events refresh it (useConversation invalidates it). */
export function usePaymentHistory(conversationId: string, enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.settlement.history.queryOptions({ conversationId }), enabled, retry: false });
}

/** Settlement steps; each refreshes the payment panel and the conversation it belongs to. */
export function useSettlementMutations(conversationId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id: conversationId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.adminView.queryKey({ id: conversationId }) }),
    ]);
  return {
    confirm: useMutation(trpc.settlement.confirm.mutationOptions({ onSuccess })),
    dispute: useMutation(trpc.settlement.dispute.mutationOptions({ onSuccess })),
    cancel: useMutation(trpc.settlement.cancel.mutationOptions({ onSuccess })),
    refund: useMutation(trpc.settlement.refund.mutationOptions({ onSuccess })),
    resolve: useMutation(trpc.settlement.resolveDispute.mutationOptions({ onSuccess })),
  };
}
