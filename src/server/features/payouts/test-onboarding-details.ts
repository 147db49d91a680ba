import { onboardingFlow } from '../../../domain/payouts';
import type { Db } from '../../db/database';
import type { PaymentProvider } from '../../payments/payment-provider';
import { ownAccount, testMode } from './test-onboarding-access';

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
