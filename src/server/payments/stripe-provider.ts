import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/** The real Stripe API: PaymentIntents on the platform account, events signed with the endpoint's secret. */
export function createStripeProvider(
  keys: { secretKey: string; publishableKey: string; webhookSecret: string },
  /** Where the API is; Stripe's own servers unless a test points the SDK at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' },
): PaymentProvider {
  const stripe = new Stripe(keys.secretKey, { ...api, maxNetworkRetries: 2 });
  return {
    mode: 'stripe',
    publishableKey: keys.publishableKey,
    async createPaymentIntent({ amountCents, idempotencyKey, metadata }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: 'usd', metadata, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret! };
    },
    verifyWebhook(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature, keys.webhookSecret) as unknown as PaymentEvent;
    },
  };
}
