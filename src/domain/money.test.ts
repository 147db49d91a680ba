import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, formatUsd } from './money';

describe('money on screen', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes any whole number of cents as Intl’s en-US currency format does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        fc.pre(!Object.is(cents, -0));
        expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it('groups thousands and keeps two decimals, hourly prices per hour', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(2000)).toBe('$20.00');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(2505, 'hourly')).toBe('$25.05/hr');
    expect(formatUsd(-150)).toBe('-$1.50');
  });
});
