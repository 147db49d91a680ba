import { z } from 'zod';
import { toCents } from '../../../domain/money';
import { disputeSchema } from '../../../domain/settlement';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { cancelService } from './cancel-service';
import { confirmCompletion } from './confirm-completion';
import { openDispute } from './open-dispute';
import { paymentHistory } from './payment-history';
import { refundPayment } from './refund-payment';
import { resolveDispute } from './resolve-dispute';

const byConversation = z.object({ conversationId: z.uuid() });
const done = () => ({ ok: true });

export const settlementRouter = router({
  history: authedProcedure.input(byConversation).query(({ ctx, input }) => paymentHistory(ctx, ctx.user, input)),
  confirm: authedProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => confirmCompletion(ctx, ctx.user, input).then(done)),
  dispute: authedProcedure
    .input(byConversation.extend(disputeSchema.shape))
    .mutation(({ ctx, input }) => openDispute(ctx, ctx.user, input).then(done)),
  cancel: authedProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => cancelService(ctx, ctx.user, input).then(done)),
  refund: adminProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => refundPayment(ctx, ctx.user, input).then(done)),
  resolveDispute: adminProcedure
    .input(
      byConversation.extend({
        resolution: z.enum(['release', 'refund', 'partial']),
        refund: z.number().positive().max(1_000_000).optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      resolveDispute(ctx, ctx.user, {
        conversationId: input.conversationId,
        resolution: input.resolution,
        refundCents: input.refund === undefined ? undefined : toCents(input.refund),
      }).then(done),
    ),
});
