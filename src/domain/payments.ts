/** The platform keeps 10 percent of each payment (spec 3 section 9); the provider gets the rest. */
export const PLATFORM_FEE_RATE = 0.1;

export function feeBreakdown(amountCents: number) {
  const platformFeeCents = Math.round(amountCents * PLATFORM_FEE_RATE);
  return { amountCents, platformFeeCents, providerAmountCents: amountCents - platformFeeCents };
}
