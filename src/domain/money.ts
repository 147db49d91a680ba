/** Money is integer cents everywhere but the screen; currency is USD (spec 2 section 1). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$25.00", or "$25.00/hr" for hourly items. */
export function formatPrice(cents: number, pricingType: 'fixed' | 'hourly' = 'fixed'): string {
  return `${usd.format(fromCents(cents))}${pricingType === 'hourly' ? '/hr' : ''}`;
}
