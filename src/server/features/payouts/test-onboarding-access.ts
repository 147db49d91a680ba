import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestModeProvider } from '../../payments/test-mode-provider';

export function testMode(payments: PaymentProvider): TestModeProvider {
  if (payments.mode !== 'test') throw new AppError('TEST_MODE_ONLY');
  return payments as TestModeProvider;
}

/** The test onboarding page's account: only its owner may open it, as only they hold Stripe's link. */
export async function ownAccount(db: Db, actor: { id: string }, accountId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, actor.id));
  if (!profile || profile.stripeAccountId !== accountId) throw new AppError('FORBIDDEN');
  return profile;
}
