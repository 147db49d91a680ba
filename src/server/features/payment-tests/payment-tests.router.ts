import { z } from 'zod';
import { routingTestSchema, testCardSchema } from '../../../domain/payments';
import { adminProcedure, router } from '../../trpc';
import { PAYMENT_WEBHOOK_PATH } from '../../http/payment-webhook-route';
import { answerTestIntentChallenge } from './answer-test-intent-challenge';
import { databaseState } from './database-state';
import { payTestIntent } from './pay-test-intent';
import { createTestAccount } from './create-test-account';
import { runRoutingTest } from './run-routing-test';
import { runCheck } from './run-suite-check';
import { SUITE_CHECKS } from './suite-types';
import { createTestIntent } from './test-intents';

const intent = z.object({ paymentIntentId: z.string().min(1).max(100) });

/** The admin payment pages: /stripe-test and /stripe-test-suite. Every call is refused to anyone but an admin. */
/** The event types the Stripe dashboard's webhook endpoint must send (spec 3 section 2). */
export const REQUIRED_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'charge.dispute.created', 'transfer.created'];

export const paymentTestsRouter = router({
  /** Mode and webhook set-up for the suite's badge and Webhook Logs tab; also its server-side admin check. */
  setup: adminProcedure.query(({ ctx }) => ({
    mode: ctx.payments.mode,
    live: ctx.payments.live,
    webhookUrl: new URL(PAYMENT_WEBHOOK_PATH, ctx.config.PUBLIC_URL).toString(),
    requiredEvents: REQUIRED_WEBHOOK_EVENTS,
    alsoHandled: ['payment_intent.payment_failed', 'account.updated'],
  })),
  /** create-test-intent */
  createIntent: adminProcedure.mutation(async ({ ctx }) => {
    const { clientSecret, paymentIntentId } = await createTestIntent(ctx, ctx.user);
    return { clientSecret, paymentIntentId };
  }),
  payWithTestCard: adminProcedure
    .input(intent.extend(testCardSchema.shape))
    .mutation(({ ctx, input }) => payTestIntent(ctx, ctx.user, input)),
  completeTestChallenge: adminProcedure
    .input(intent.extend({ approve: z.boolean() }))
    .mutation(({ ctx, input }) => answerTestIntentChallenge(ctx, ctx.user, input)),
  /** create-test-stripe-account */
  createTestAccount: adminProcedure.mutation(async ({ ctx }) => ({
    accountId: await createTestAccount(ctx, ctx.user, undefined),
  })),
  runCheck: adminProcedure
    .input(z.object({ check: z.enum(SUITE_CHECKS) }))
    .mutation(({ ctx, input }) => runCheck(ctx, ctx.user, { check: input.check })),
  routing: adminProcedure
    .input(routingTestSchema)
    .mutation(({ ctx, input }) => runRoutingTest(ctx, ctx.user, { amountCents: Math.round(input.amount * 100) })),
  databaseState: adminProcedure.query(({ ctx }) => databaseState(ctx, ctx.user, undefined)),
});
