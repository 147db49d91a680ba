import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { SETTLEMENT_MESSAGES } from '../../../domain/settlement';
import type { AppRouter } from '../../../server/router';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';

export type PaymentHistory = inferRouterOutputs<AppRouter>['settlement']['history'];

/** The money of one conversation; the chat's live events refresh it (useConversation invalidates it). */
export function usePaymentHistory(conversationId: string, enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.settlement.history.queryOptions({ conversationId }), enabled, retry: false });
}

/** The admin tools' failure when the server gave no reason. */
const ADMIN_ACTION_FAILED = 'The action failed';

/**
 * Settlement steps; each refreshes the payment panel and the conversation it belongs to, and tells its outcome:
 * the server's reason when it refused, else the step's failure text.
 */
export function useSettlementMutations(conversationId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id: conversationId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.adminView.queryKey({ id: conversationId }) }),
    ]);
  const m = SETTLEMENT_MESSAGES;
  return {
    confirm: useMutation(
      withFeedback(trpc.settlement.confirm.mutationOptions({ onSuccess }), {
        success: m.confirmed,
        failure: m.confirmFailed,
        reason: 'instead',
      }),
    ),
    dispute: useMutation(
      withFeedback(trpc.settlement.dispute.mutationOptions({ onSuccess }), {
        success: m.disputed,
        failure: m.disputeFailed,
        reason: 'instead',
      }),
    ),
    cancel: useMutation(
      withFeedback(trpc.settlement.cancel.mutationOptions({ onSuccess }), {
        success: m.cancelled,
        failure: m.cancelFailed,
        reason: 'instead',
      }),
    ),
    refund: useMutation(
      withFeedback(trpc.settlement.refund.mutationOptions({ onSuccess }), {
        success: m.refunded,
        failure: ADMIN_ACTION_FAILED,
        reason: 'instead',
      }),
    ),
    resolve: useMutation(
      withFeedback(trpc.settlement.resolveDispute.mutationOptions({ onSuccess }), {
        success: m.resolved,
        failure: ADMIN_ACTION_FAILED,
        reason: 'instead',
      }),
    ),
  };
}
