import { eq } from 'drizzle-orm';
import { DECLINE_MESSAGES, testCardOutcome } from '../../../domain/test-cards';
import { paymentTransactions } from '../../db/schema/payments';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestModeProvider } from '../../payments/test-mode-provider';
import type { SettlementDeps } from '../settlement/transfers';
import { processPaymentEvent } from './process-payment-event';

export type TestCardDeps = SettlementDeps & { now?: () => Date };
type Deps = TestCardDeps;

export type CardResult =
  { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; message: string };

export function testMode(payments: PaymentProvider): TestModeProvider {
  if (payments.mode !== 'test') throw new AppError('TEST_CARDS_TEST_MODE_ONLY');
  return payments as TestModeProvider;
}

/** Sends the outcome through the signed webhook path, as Stripe would. */
async function deliver(deps: Deps, type: string, object: Parameters<TestModeProvider['signEvent']>[1]) {
  const provider = testMode(deps.payments);
  const { payload, signature } = provider.signEvent(type, object);
  await processPaymentEvent(deps, null, provider.verifyWebhook(payload, signature));
}

async function fail(
  deps: Deps,
  intentId: string,
  amount: number,
  code: string,
  declineCode: string | null,
  message: string,
) {
  await deliver(deps, 'payment_intent.payment_failed', {
    id: intentId,
    amount,
    last_payment_error: { code, decline_code: declineCode ?? undefined, message },
  });
  return { status: 'failed' as const, message };
}

type Transaction = typeof paymentTransactions.$inferSelect;
export type Card = { number: string; expiry: string; cvc: string };

/** One card attempt on an intent, whoever's it is (the caller checked). */
export async function chargeTestCard(deps: Deps, transaction: Transaction, input: Card): Promise<CardResult> {
  testMode(deps.payments);
  if (transaction.status === 'succeeded') return { status: 'succeeded' };
  const outcome = testCardOutcome(input, deps.now?.() ?? new Date());
  const intent = { id: transaction.paymentIntentId, amount: transaction.amountCents };
  if (outcome.kind === 'challenge') {
    await deps.db
      .update(paymentTransactions)
      .set({ status: 'requires_action', updatedAt: new Date() })
      .where(eq(paymentTransactions.id, transaction.id));
    return { status: 'requires_action' };
  }
  if (outcome.kind === 'decline') {
    return fail(deps, intent.id, intent.amount, outcome.code, outcome.declineCode, outcome.message);
  }
  await deliver(deps, 'payment_intent.succeeded', { ...intent, amount_received: intent.amount });
  return { status: 'succeeded' };
}

/** The 3D Secure challenge's answer on an intent, whoever's it is (the caller checked): Complete pays, Fail declines. */
export async function answerTestChallenge(deps: Deps, transaction: Transaction, approve: boolean): Promise<CardResult> {
  testMode(deps.payments);
  if (transaction.status !== 'requires_action') throw new AppError('NO_PENDING_AUTHENTICATION');
  const intent = { id: transaction.paymentIntentId, amount: transaction.amountCents };
  if (!approve) {
    return fail(
      deps,
      intent.id,
      intent.amount,
      'payment_intent_authentication_failure',
      null,
      DECLINE_MESSAGES.authenticationFailed,
    );
  }
  await deliver(deps, 'payment_intent.succeeded', { ...intent, amount_received: intent.amount });
  return { status: 'succeeded' };
}
