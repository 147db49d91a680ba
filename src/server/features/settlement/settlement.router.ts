import { z } from 'zod';
import { toCents } from '../../../domain/money';
import { disputeSchema } from '../../../domain/settlement';
import { isAdmin } from '../accounts/is-admin';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { cancelService } from './cancel-service';
import { confirmCompletion } from './confirm-completion';
import { openDispute } from './open-dispute';
import { paymentHistory } from './payment-history';
import { refundPayment, resolveDispute } from './refund-payment';

const byConversation = z.object({ conversationId: z.uuid() });
const done = () => ({ ok: true });

export const settlementRouter = router({
  history: authedProcedure
    .input(byConversation)
    .query(async ({ ctx, input }) =>
      paymentHistory(
        ctx.db,
        { id: ctx.user.id, isAdmin: await isAdmin(ctx.db, ctx.user.id) },
        input.conversationId,
        new Date(),
      ),
    ),
  confirm: authedProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => confirmCompletion(ctx, ctx.user, input.conversationId, new Date()).then(done)),
  dispute: authedProcedure
    .input(byConversation.extend(disputeSchema.shape))
    .mutation(({ ctx, input }) => openDispute(ctx, ctx.user, input, new Date()).then(done)),
  cancel: authedProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => cancelService(ctx, ctx.user, input.conversationId, new Date()).then(done)),
  refund: adminProcedure
    .input(byConversation)
    .mutation(({ ctx, input }) => refundPayment(ctx, ctx.user, input.conversationId, new Date()).then(done)),
  resolveDispute: adminProcedure
    .input(
      byConversation.extend({
        resolution: z.enum(['release', 'refund', 'partial']),
        refund: z.number().positive().max(1_000_000).optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      resolveDispute(
        ctx,
        ctx.user,
        {
          conversationId: input.conversationId,
          resolution: input.resolution,
          refundCents: input.refund === undefined ? undefined : toCents(input.refund),
        },
        new Date(),
      ).then(done),
    ),
});
