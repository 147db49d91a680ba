/**
 * How money moves, behind one interface (DESIGN.md "Payments"): the real Stripe API when keys are set, otherwise the
 * built-in test mode, which serves the same flow locally. Either way, only a signed webhook event marks a payment.
 */
export interface CreateIntentInput {
  amountCents: number;
  /** One per conversation and amount: a retried Pay reuses the intent instead of charging twice. */
  idempotencyKey: string;
  metadata: { conversationId: string; clientId: string; providerId: string } | Record<string, string>;
  /** Routes the provider's share straight to a connected account (the test suite's routing check). */
  destinationAccountId?: string;
  /** Confirms at once with one of Stripe's test payment methods (the suite's webhook check; test keys only). */
  confirmWithTestMethod?: 'pm_card_visa';
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
      amount_reversed?: number;
      metadata?: Record<string, string>;
      /** account.updated */
      charges_enabled?: boolean;
      payouts_enabled?: boolean;
      details_submitted?: boolean;
      /** charge.dispute.created */
      payment_intent?: string | null;
      reason?: string;
      /** transfer.created */
      destination?: string;
      transfer_group?: string | null;
      last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
    };
  };
}

export interface ConnectedAccountStatus {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface PaymentProvider {
  mode: 'test' | 'stripe';
  /** Stripe's publishable key for the browser; null in test mode. Never the secret key. */
  publishableKey: string | null;
  /** Live keys move real money: the admin suite warns and skips its charging checks. */
  live: boolean;
  createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentHandle>;
  /** Checks the signature and returns the event; throws when the payload was not signed with our secret. */
  verifyWebhook(payload: string, signature: string): PaymentEvent;

  /** A connected account for payouts: the user's own, or for a minor one in the guardian's name. */
  createConnectedAccount(input: { userId: string; email: string; guardianEmail: string | null }): Promise<string>;
  /** Where to send the user to start or continue onboarding; the provider returns them to returnUrl. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountStatus>;
  /** Moves money held by the platform to a connected account; the same key never moves it twice. */
  createTransfer(input: {
    amountCents: number;
    destinationAccountId: string;
    idempotencyKey: string;
    transferGroup: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string }>;
  /** Takes (part of) a transfer back from the connected account; the same key never reverses twice. */
  reverseTransfer(input: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Returns money to the client's card; the same key never refunds twice. */
  createRefund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
}
