/**
 * How money moves, behind one interface (DESIGN.md "Payments"): the real Stripe API when keys are set, otherwise the
 * built-in test mode, which serves the same flow locally. Either way, only a signed webhook event marks a payment.
 */
export interface CreateIntentInput {
  amountCents: number;
  /** One per conversation and amount: a retried Pay reuses the intent instead of charging twice. */
  idempotencyKey: string;
  metadata: { conversationId: string; clientId: string; providerId: string };
}

export interface PaymentIntentHandle {
  id: string;
  clientSecret: string;
}

/** The part of a webhook event we read; Stripe sends more. */
export interface PaymentEvent {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      amount?: number;
      amount_received?: number;
      metadata?: Record<string, string>;
      last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
    };
  };
}

export interface PaymentProvider {
  mode: 'test' | 'stripe';
  /** Stripe's publishable key for the browser; null in test mode. Never the secret key. */
  publishableKey: string | null;
  createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentHandle>;
  /** Checks the signature and returns the event; throws when the payload was not signed with our secret. */
  verifyWebhook(payload: string, signature: string): PaymentEvent;
}
