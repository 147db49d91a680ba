import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/**
 * Test mode without keys: intents are made here, and outcomes become events signed exactly as Stripe signs them
 * (Stripe's own helper), so they go through the same verification and processing as real webhooks.
 */
export interface TestModeProvider extends PaymentProvider {
  mode: 'test';
  /** A signed event, as Stripe would deliver it, for the webhook handler. */
  signEvent(type: string, object: PaymentEvent['data']['object']): { payload: string; signature: string };
}

export function createTestModeProvider(sessionSecret: string): TestModeProvider {
  // Derived from the server's secret: stable across restarts, never sent anywhere.
  const webhookSecret = `whsec_${createHmac('sha256', sessionSecret).update('test-mode-webhooks').digest('hex')}`;
  return {
    mode: 'test',
    publishableKey: null,
    async createPaymentIntent({ idempotencyKey }) {
      // The same key gives the same intent, as Stripe's idempotency keys do.
      const id = `pi_test_${createHmac('sha256', webhookSecret).update(idempotencyKey).digest('hex').slice(0, 24)}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}` };
    },
    verifyWebhook(payload, signature) {
      return Stripe.webhooks.constructEvent(payload, signature, webhookSecret) as unknown as PaymentEvent;
    },
    signEvent(type, object) {
      const event: PaymentEvent = { id: `evt_test_${randomBytes(12).toString('hex')}`, type, data: { object } };
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
  };
}
