import { z } from 'zod';
import { testCardSchema } from '../../../domain/payments';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { completeTestChallenge } from './complete-test-challenge';
import { payWithTestCard } from './pay-with-test-card';
import { startPayment } from './start-payment';

const intent = z.object({ conversationId: z.uuid(), paymentIntentId: z.string().min(1).max(100) });

export const paymentsRouter = router({
  /** What the browser needs to show the payment form: the mode and the publishable key, never a secret. */
  config: publicProcedure.query(({ ctx }) => ({
    mode: ctx.payments.mode,
    publishableKey: ctx.payments.publishableKey,
  })),
  start: authedProcedure
    .input(z.object({ conversationId: z.uuid() }))
    .mutation(({ ctx, input }) => startPayment(ctx, ctx.user, input)),
  payWithTestCard: authedProcedure
    .input(intent.extend(testCardSchema.shape))
    .mutation(({ ctx, input }) => payWithTestCard(ctx, ctx.user, input)),
  completeTestChallenge: authedProcedure
    .input(intent.extend({ approve: z.boolean() }))
    .mutation(({ ctx, input }) => completeTestChallenge(ctx, ctx.user, input)),
});
