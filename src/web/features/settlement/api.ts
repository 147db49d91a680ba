import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { SETTLEMENT_MESSAGES } from '../../../domain/settlement';
import type { AppRouter } from '../../../server/router';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';

export type PaymentHistory = inferRouterOutputs<AppRouter>['settlement']['history'];

/**
 * The money of one conversation. Its rows are the viewer's own (their actions, the admin tools), so no live event
 * can carry them: the conversation's live `updated` event, which every settlement change sends, has it read again
 * (useConversation, useConversationView).
 */
export function usePaymentHistory(conversationId: string, enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.settlement.history.queryOptions({ conversationId }), enabled, retry: false });
}

/** The admin tools' failure when the server gave no reason. */
const ADMIN_ACTION_FAILED = 'The action failed';

/**
 * Settlement steps; each tells its outcome: the server's reason when it refused, else the step's failure text.
 * None reads anything again: every settlement change sends the conversation's live `updated` event with its new
 * state, to the parties' and the admins' subscriptions alike, and that event refreshes the page and the panel.
 */
export function useSettlementMutations() {
  const trpc = useTRPC();
  const m = SETTLEMENT_MESSAGES;
  return {
    confirm: useMutation(
      withFeedback(trpc.settlement.confirm.mutationOptions(), {
        success: m.confirmed,
        failure: m.confirmFailed,
        reason: 'instead',
      }),
    ),
    dispute: useMutation(
      withFeedback(trpc.settlement.dispute.mutationOptions(), {
        success: m.disputed,
        failure: m.disputeFailed,
        reason: 'instead',
      }),
    ),
    cancel: useMutation(
      withFeedback(trpc.settlement.cancel.mutationOptions(), {
        success: m.cancelled,
        failure: m.cancelFailed,
        reason: 'instead',
      }),
    ),
    refund: useMutation(
      withFeedback(trpc.settlement.refund.mutationOptions(), {
        success: m.refunded,
        failure: ADMIN_ACTION_FAILED,
        reason: 'instead',
      }),
    ),
    resolve: useMutation(
      withFeedback(trpc.settlement.resolveDispute.mutationOptions(), {
        success: m.resolved,
        failure: ADMIN_ACTION_FAILED,
        reason: 'instead',
      }),
    ),
  };
}
