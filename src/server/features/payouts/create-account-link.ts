import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import { currentAccount, onboardingLinks } from './start-onboarding';

/** connect-account-link: a fresh onboarding link for the user's existing account. */
export async function createAccountLink(
  deps: { db: Db; config: Pick<Config, 'PUBLIC_URL'>; payments: PaymentProvider },
  actor: { id: string },
  _input: Record<string, never> = {},
): Promise<{ url: string }> {
  const accountId = await currentAccount(deps.db, actor.id);
  if (!accountId) throw new AppError('PAYOUT_RESUME_FAILED');
  return { url: await deps.payments.createAccountLink({ accountId, ...onboardingLinks(deps.config) }) };
}
