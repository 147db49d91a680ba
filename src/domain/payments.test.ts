import { describe, expect, it } from 'vitest';
import { feeBreakdown, ROUTING_TEST_AMOUNT, routingTestSchema, TEST_CARD_LIMITS, testCardSchema } from './payments';

describe('test card form', () => {
  it('trims what was typed; the outcome is the server’s to decide, so any text within the bounds passes', () => {
    expect(testCardSchema.parse({ number: ' 4242 4242 4242 4242 ', expiry: '12/34 ', cvc: ' 123' })).toEqual({
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(testCardSchema.safeParse({ number: '', expiry: '', cvc: '' }).success).toBe(true);
  });

  it('bounds each field', () => {
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      const card = { number: '', expiry: '', cvc: '', [field]: '1'.repeat(TEST_CARD_LIMITS[field] + 1) };
      const result = testCardSchema.safeParse(card);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
});

describe('routing test amount', () => {
  it('takes Stripe’s smallest charge up to the bound', () => {
    expect(routingTestSchema.safeParse({ amount: ROUTING_TEST_AMOUNT.min }).success).toBe(true);
    expect(routingTestSchema.safeParse({ amount: ROUTING_TEST_AMOUNT.max }).success).toBe(true);
    expect(feeBreakdown(Math.round(ROUTING_TEST_AMOUNT.min * 100)).amountCents).toBe(50);
  });

  it('refuses less, more, an empty field (0) and what is not a finite number', () => {
    for (const amount of [0, 0.49, ROUTING_TEST_AMOUNT.max + 0.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(routingTestSchema.safeParse({ amount }).success).toBe(false);
    }
  });
});
