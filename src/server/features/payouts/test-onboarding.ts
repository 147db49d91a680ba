import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { onboardingFlow } from '../../../domain/payouts';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestModeProvider } from '../../payments/test-mode-provider';

/** What test mode's onboarding form collects, with Stripe's documented test bank numbers as the only valid ones. */
export const testOnboardingSchema = z.object({
  accountId: z.string().min(1).max(64),
  legalName: z.string().trim().min(2, { error: 'Enter the account holder’s full legal name' }).max(100),
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, { error: 'Routing numbers have 9 digits (test: 110000000)' }),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, { error: 'Account numbers have 4 to 17 digits' }),
  acceptTerms: z.literal(true, { error: 'Accept the connected account agreement to continue' }),
});

function testMode(payments: PaymentProvider): TestModeProvider {
  if (payments.mode !== 'test') throw new AppError('NOT_FOUND', 'Test onboarding exists only in test mode');
  return payments as TestModeProvider;
}

/** The test onboarding page's account: only its owner may open it, as only they hold Stripe's link. */
async function ownAccount(db: Db, actor: { id: string }, accountId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, actor.id));
  if (!profile || profile.stripeAccountId !== accountId) throw new AppError('FORBIDDEN');
  return profile;
}

export async function testOnboardingDetails(
  deps: { db: Db; payments: PaymentProvider },
  actor: { id: string },
  accountId: string,
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
