import type { Config } from '../config';
import type { Db } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestModeProvider } from './test-mode-provider';

/** Stripe when all three keys are set; the built-in test mode otherwise. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
    });
  }
  return createTestModeProvider(config.SESSION_SECRET, db);
}
