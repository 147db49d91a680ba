import { eq } from 'drizzle-orm';
import { feeBreakdown, PLATFORM_FEE_RATE } from '../../../domain/payments';
import type { Db } from '../../db/database';
import { stripeEvents } from '../../db/schema/payments';
import { profiles } from '../../db/schema/profiles';
import { PAYMENT_WEBHOOK_PATH } from '../../http/payment-webhook-route';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestModeProvider } from '../../payments/test-mode-provider';
import { createTestIntent } from './test-intents';

export const SUITE_CHECKS = ['config', 'intent', 'fees', 'routing', 'webhook'] as const;
export type SuiteCheck = (typeof SUITE_CHECKS)[number];
export type CheckStatus = 'passed' | 'failed' | 'warning';
export interface CheckResult {
  status: CheckStatus;
  message: string;
  details?: Record<string, unknown>;
}

export const SUITE_MESSAGES = {
  liveKeys: 'Not in test mode! Using live keys.',
  notResponding: 'Edge function not responding',
  skipped: 'Payment skipped when the provider has not connected an account',
  feeMismatch: 'Fee breakdown mismatch',
} as const;

export interface SuiteDeps {
  db: Db;
  payments: PaymentProvider;
  /** This server's own address, where the webhook check posts (the real endpoint, over HTTP). */
  selfUrl(): string;
}

const WEBHOOK_WAIT_MS = 3000;

/** One automated check of the payment set-up, run for real against this server and the payment provider. */
export async function runCheck(deps: SuiteDeps, admin: { id: string; email: string }, check: SuiteCheck) {
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

  routing: (deps, admin) => routingTest(deps, admin, 10_000),

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

/**
 * Routes a payment to a fresh test connected account through the admin's own profile, then puts the profile's payout
 * fields back as they were (always: a failed run must never leave the admin's real account id replaced).
 */
export async function routingTest(
  deps: SuiteDeps,
  admin: { id: string; email: string },
  amountCents: number,
): Promise<CheckResult> {
  const [original] = await deps.db
    .select({ id: profiles.stripeAccountId, charges: profiles.chargesEnabled, payouts: profiles.payoutsEnabled })
    .from(profiles)
    .where(eq(profiles.id, admin.id));
  if (!original) return { status: 'failed', message: 'The admin has no profile' };
  let accountId: string | null = null;
  try {
    accountId = await createTestAccount(deps, admin);
  } catch {
    return { status: 'warning', message: SUITE_MESSAGES.skipped };
  }
  try {
    await deps.db
      .update(profiles)
      .set({ stripeAccountId: accountId, chargesEnabled: true, payoutsEnabled: true })
      .where(eq(profiles.id, admin.id));
    const { transaction } = await createTestIntent(deps, admin, { amountCents, destinationAccountId: accountId });
    const expected = feeBreakdown(amountCents);
    if (transaction.providerAmountCents !== expected.providerAmountCents) {
      return { status: 'failed', message: SUITE_MESSAGES.feeMismatch };
    }
    return {
      status: 'passed',
      message: `Routed ${expected.providerAmountCents} of ${amountCents} cents to ${accountId}`,
      details: { accountId, ...expected, paymentIntentId: transaction.paymentIntentId },
    };
  } finally {
    await deps.db
      .update(profiles)
      .set({ stripeAccountId: original.id, chargesEnabled: original.charges, payoutsEnabled: original.payouts })
      .where(eq(profiles.id, admin.id));
  }
}

/** create-test-stripe-account: a connected account for routing checks; in test mode it is onboarded at once. */
export async function createTestAccount(deps: SuiteDeps, admin: { id: string; email: string }): Promise<string> {
  const accountId = await deps.payments.createConnectedAccount({
    userId: `routing-test-${admin.id}-${Date.now()}`,
    email: admin.email,
    guardianEmail: null,
  });
  if (deps.payments.mode === 'test') {
    await (deps.payments as TestModeProvider).submitOnboarding(accountId, {
      legalName: 'Routing Test',
      complete: true,
    });
  }
  return accountId;
}
