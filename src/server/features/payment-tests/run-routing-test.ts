import { eq } from 'drizzle-orm';
import { feeBreakdown } from '../../../domain/payments';
import { profiles } from '../../db/schema/profiles';
import { createTestAccount } from './create-test-account';
import { SUITE_MESSAGES, type CheckResult, type SuiteDeps } from './suite-types';
import { createTestIntent } from './test-intents';

/**
 * Routes a payment to a fresh test connected account through the admin's own profile, then puts the profile's payout
 * fields back as they were (always: a failed run must never leave the admin's real account id replaced).
 */
export async function runRoutingTest(
  deps: SuiteDeps,
  admin: { id: string; email: string },
  { amountCents }: { amountCents: number },
): Promise<CheckResult> {
  const [original] = await deps.db
    .select({ id: profiles.stripeAccountId, charges: profiles.chargesEnabled, payouts: profiles.payoutsEnabled })
    .from(profiles)
    .where(eq(profiles.id, admin.id));
  if (!original) return { status: 'failed', message: 'The admin has no profile' };
  let accountId: string | null = null;
  try {
    accountId = await createTestAccount(deps, admin, undefined);
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
