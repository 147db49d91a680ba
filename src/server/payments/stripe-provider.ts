import Stripe from 'stripe';
import { feeBreakdown } from '../../domain/payments';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/**
 * The real Stripe API: separate charges and transfers. PaymentIntents charge the platform account, Connect Express
 * accounts receive the provider's share by transfer once the work is accepted; events are signed with the endpoint's
 * secret.
 */
export function createStripeProvider(
  keys: { secretKey: string; publishableKey: string; webhookSecret: string },
  /** Where the API is; Stripe's own servers unless a test points the SDK at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' },
): PaymentProvider {
  const stripe = new Stripe(keys.secretKey, { ...api, maxNetworkRetries: 2 });
  return {
    mode: 'stripe',
    publishableKey: keys.publishableKey,
    live: keys.publishableKey.startsWith('pk_live_'),
    async createPaymentIntent({ amountCents, idempotencyKey, metadata, destinationAccountId, confirmWithTestMethod }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          metadata,
          ...(confirmWithTestMethod
            ? {
                payment_method: confirmWithTestMethod,
                confirm: true,
                automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
              }
            : { automatic_payment_methods: { enabled: true } }),
          ...(destinationAccountId
            ? {
                transfer_data: { destination: destinationAccountId },
                application_fee_amount: feeBreakdown(amountCents).platformFeeCents,
              }
            : {}),
        },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret! };
    },
    verifyWebhook(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature, keys.webhookSecret) as unknown as PaymentEvent;
    },
    async createConnectedAccount({ userId, email, guardianEmail }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          // A minor's payouts go to the parent or guardian, who onboards in their own name.
          email: guardianEmail ?? email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          business_type: 'individual',
          metadata: { user_id: userId, ...(guardianEmail ? { guardian_for_minor: 'true' } : {}) },
        },
        { idempotencyKey: `account-${userId}` },
      );
      return account.id;
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    },
    async retrieveAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        detailsSubmitted: account.details_submitted,
      };
    },
    async createTransfer({ amountCents, destinationAccountId, idempotencyKey, transferGroup, metadata }) {
      const transfer = await stripe.transfers.create(
        {
          amount: amountCents,
          currency: 'usd',
          destination: destinationAccountId,
          transfer_group: transferGroup,
          metadata,
        },
        { idempotencyKey },
      );
      return { id: transfer.id };
    },
    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey });
      return { id: reversal.id };
    },
    async createRefund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
  };
}
