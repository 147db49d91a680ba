import type { z } from 'zod';
import type { testOnboardingSchema } from '../../../domain/payouts';
import type { Db } from '../../db/database';
import type { PaymentProvider } from '../../payments/payment-provider';
import { ownAccount, testMode } from './test-onboarding-access';

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
