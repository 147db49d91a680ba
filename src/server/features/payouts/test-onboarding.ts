import { eq } from 'drizzle-orm';
import { onboardingFlow, type testOnboardingSchema } from '../../../domain/payouts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestModeProvider } from '../../payments/test-mode-provider';

function testMode(payments: PaymentProvider): TestModeProvider {
  if (payments.mode !== 'test') throw new AppError('TEST_MODE_ONLY');
  return payments as TestModeProvider;
}

/** The test onboarding page's account: only its owner may open it, as only they hold Stripe's link. */
async function ownAccount(db: Db, actor: { id: string }, accountId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, actor.id));
  if (!profile || profile.stripeAccountId !== accountId) throw new AppError('FORBIDDEN');
  return profile;
}

/** Test mode's onboarding page: the account's holder as "Stripe" knows it, for its owner only. */
export async function testOnboardingDetails(
  deps: { db: Db; payments: PaymentProvider },
  actor: { id: string },
  { accountId }: { accountId: string },
) {
  const provider = testMode(deps.payments);
  const profile = await ownAccount(deps.db, actor, accountId);
  const holder = await provider.accountHolder(accountId);
  return {
    accountId,
    email: holder?.email ?? null,
    guardianEmail: holder?.guardianEmail ?? null,
    minor: onboardingFlow(profile.dateOfBirth).flow === 'minor',
    name: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
  };
}

/** Submitting makes the account Ready at "Stripe", which reports it by a signed account.updated webhook. */
export async function submitTestOnboarding(
  deps: { db: Db; payments: PaymentProvider },
  actor: { id: string },
  input: z.output<typeof testOnboardingSchema>,
) {
  const provider = testMode(deps.payments);
  await ownAccount(deps.db, actor, input.accountId);
  await provider.submitOnboarding(input.accountId, { legalName: input.legalName, complete: true });
  return { ok: true };
}
