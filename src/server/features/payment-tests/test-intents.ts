import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { feeBreakdown } from '../../../domain/payments';
import type { Db } from '../../db/database';
import { paymentTransactions } from '../../db/schema/payments';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';

/** The payment test page's amount (spec 3 section 2: USD 500 cents). */
export const TEST_INTENT_CENTS = 500;

/**
 * create-test-intent: an intent that belongs to no conversation, recorded like any other so the Database State tab
 * shows it, optionally routed to a connected account (the routing check).
 */
export async function createTestIntent(
  deps: { db: Db; payments: PaymentProvider },
  admin: { id: string },
  {
    amountCents = TEST_INTENT_CENTS,
    destinationAccountId,
    confirmWithTestMethod,
  }: { amountCents?: number; destinationAccountId?: string; confirmWithTestMethod?: 'pm_card_visa' } = {},
) {
  const amounts = feeBreakdown(amountCents);
  const intent = await deps.payments.createPaymentIntent({
    amountCents,
    idempotencyKey: `test-${randomUUID()}`,
    metadata: { purpose: destinationAccountId ? 'routing-test' : 'payment-test', adminId: admin.id },
    destinationAccountId,
    confirmWithTestMethod,
  });
  const [row] = await deps.db
    .insert(paymentTransactions)
    .values({
      paymentIntentId: intent.id,
      status: 'requires_payment_method',
      amountCents,
      platformFeeCents: amounts.platformFeeCents,
      providerAmountCents: amounts.providerAmountCents,
      destinationAccountId: destinationAccountId ?? null,
    })
    .returning();
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, transaction: row! };
}

/** A test intent (no conversation) by id; conversation intents are never reachable through the test page. */
export async function testIntent(db: Db, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentIntentId, paymentIntentId), isNull(paymentTransactions.conversationId)));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}
