import { z } from 'zod';

/** The platform keeps 10 percent of each payment (spec 3 section 9); the provider gets the rest. */
export const PLATFORM_FEE_RATE = 0.1;

export function feeBreakdown(amountCents: number) {
  const platformFeeCents = Math.round(amountCents * PLATFORM_FEE_RATE);
  return { amountCents, platformFeeCents, providerAmountCents: amountCents - platformFeeCents };
}

/**
 * A card payment's life as we keep it: started (its intent waits for a card), a test card's 3D Secure challenge
 * waiting for its answer, then succeeded or failed, as the signed webhook says. Anything but succeeded is unpaid.
 */
export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment form and admin test pages' texts (spec 3 section 8). */
export const PAYMENT_MESSAGES = {
  notInitialized: 'Stripe not properly initialized.',
  notReady: 'PaymentElement not ready yet. Please wait.',
  unexpected: 'Unexpected error',
  succeeded: 'Payment successful!',
  failed: 'Payment failed.',
  keyFailed: 'Failed to fetch Stripe publishable key',
  keyNetwork: 'Network error fetching Stripe publishable key',
  secretFailed: 'Failed to fetch clientSecret',
  secretNetwork: 'Network error fetching clientSecret',
  forbidden: 'Forbidden: Admins only.',
  adminRequired: 'Admin access required to view this page',
  checkingAccess: 'Checking access…',
  loadingStripe: 'Loading Stripe...',
  signInPrompt: 'Sign in as an admin to use the payment test page.',
} as const;

/**
 * Why a new payment is refused while an admin reviews: a service a passed
 * community poll hid, or a suspended provider. Money already paid keeps its ways back (messages, refunds, disputes),
 * and the sweep does not accept the work on the client's behalf meanwhile (settlement-sweep.ts).
 */
export const PAYMENT_PAUSED_MESSAGES = {
  serviceUnderReview: 'This service is under review: payment is paused',
  providerSuspended: "This provider's account is suspended: payment is paused",
} as const;

/**
 * Test mode's card form, as typed (the server decides the outcome from Stripe's test numbers, as Stripe would, and
 * reports a bad number or date as Stripe's decline). The bounds keep what a client sends small.
 */
export const TEST_CARD_LIMITS = { number: 30, expiry: 7, cvc: 4 } as const;
export const testCardSchema = z.object({
  number: z.string().trim().max(TEST_CARD_LIMITS.number),
  expiry: z.string().trim().max(TEST_CARD_LIMITS.expiry),
  cvc: z.string().trim().max(TEST_CARD_LIMITS.cvc),
});
export type TestCardInput = z.infer<typeof testCardSchema>;

/** The admin suite's routing test, in dollars: from Stripe's smallest USD charge (50 cents) to a bound on the test. */
export const ROUTING_TEST_AMOUNT = { min: 0.5, max: 10_000 } as const;
export const routingTestSchema = z.object({
  amount: z.number().min(ROUTING_TEST_AMOUNT.min).max(ROUTING_TEST_AMOUNT.max),
});
export type RoutingTestInput = z.infer<typeof routingTestSchema>;
