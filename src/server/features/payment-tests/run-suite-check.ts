import { eq } from 'drizzle-orm';
import { PLATFORM_FEE_RATE } from '../../../domain/payments';
import { stripeEvents } from '../../db/schema/payments';
import { PAYMENT_WEBHOOK_PATH } from '../../http/payment-webhook-route';
import type { TestModeProvider } from '../../payments/test-mode-provider';
import { createTestIntent } from './test-intents';
import { runRoutingTest } from './run-routing-test';
import { SUITE_MESSAGES, type CheckResult, type SuiteCheck, type SuiteDeps } from './suite-types';

const WEBHOOK_WAIT_MS = 3000;

/** One automated check of the payment set-up, run for real against this server and the payment provider. */
export async function runCheck(
  deps: SuiteDeps,
  admin: { id: string; email: string },
  { check }: { check: SuiteCheck },
) {
  try {
    return await checks[check](deps, admin);
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : 'The check failed' } as CheckResult;
  }
}

const checks: Record<SuiteCheck, (deps: SuiteDeps, admin: { id: string; email: string }) => Promise<CheckResult>> = {
  async config({ payments }) {
    if (payments.mode === 'test') return { status: 'passed', message: 'Built-in test mode (no Stripe keys set)' };
    if (!payments.publishableKey) return { status: 'failed', message: 'No publishable key configured' };
    if (payments.live) return { status: 'warning', message: SUITE_MESSAGES.liveKeys };
    return { status: 'passed', message: 'Stripe test keys configured', details: { mode: payments.mode } };
  },

  async intent(deps, admin) {
    const { clientSecret, paymentIntentId } = await createTestIntent(deps, admin);
    if (!clientSecret.includes('_secret_')) return { status: 'failed', message: 'Failed to fetch clientSecret' };
    return { status: 'passed', message: `Created ${paymentIntentId}`, details: { paymentIntentId } };
  },

  async fees(deps, admin) {
    const amountCents = 12_345;
    const { transaction } = await createTestIntent(deps, admin, { amountCents });
    const expected = amountCents * PLATFORM_FEE_RATE;
    const ok =
      Math.abs(transaction.platformFeeCents - expected) <= 2 &&
      transaction.platformFeeCents + transaction.providerAmountCents === amountCents;
    const details = {
      amountCents,
      platformFeeCents: transaction.platformFeeCents,
      providerAmountCents: transaction.providerAmountCents,
    };
    return ok
      ? { status: 'passed', message: '10% platform fee, the rest to the provider', details }
      : { status: 'failed', message: SUITE_MESSAGES.feeMismatch, details };
  },

  routing: (deps, admin) => runRoutingTest(deps, admin, { amountCents: 10_000 }),

  async webhook(deps, admin) {
    if (deps.payments.live) return { status: 'warning', message: SUITE_MESSAGES.liveKeys };
    // With Stripe test keys the intent is confirmed with Stripe's test Visa, and Stripe sends the event.
    const { paymentIntentId } = await createTestIntent(deps, admin, {
      confirmWithTestMethod: deps.payments.mode === 'stripe' ? 'pm_card_visa' : undefined,
    });
    if (deps.payments.mode === 'test') {
      // The event goes over HTTP to the real endpoint, signed as Stripe signs it.
      const { payload, signature } = (deps.payments as TestModeProvider).signEvent('payment_intent.succeeded', {
        id: paymentIntentId,
        amount: 500,
        amount_received: 500,
      });
      const response = await fetch(new URL(PAYMENT_WEBHOOK_PATH, deps.selfUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      if (!response.ok) return { status: 'failed', message: `The webhook endpoint answered ${response.status}` };
    }
    const started = Date.now();
    while (Date.now() - started < WEBHOOK_WAIT_MS) {
      const [event] = await deps.db.select().from(stripeEvents).where(eq(stripeEvents.objectId, paymentIntentId));
      if (event) return { status: 'passed', message: `${event.type} received in ${Date.now() - started} ms` };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { status: 'failed', message: 'No webhook event arrived within 3 s' };
  },
};
