import { describe, expect, it } from 'vitest';
import { DETAIL_VALUE_MAX, detailLines, detailsSummary } from './audit-details';

describe('an audit entry’s details in words', () => {
  it('puts the reason first, shows amounts in dollars and outcomes in words, and leaves empty values out', () => {
    expect(
      detailsSummary({ outcome: 'partially_refunded', refundCents: 4000, disputeId: null, reason: 'Spam listing' })
        .text,
    ).toBe('reason: Spam listing · outcome: partially refunded · refund: $40.00');
    expect(detailsSummary({ amountCents: 2500, reversedPayoutCents: 2250, completed: false }).text).toBe(
      'amount: $25.00 · reversed payout: $22.50 · completed: no',
    );
    expect(detailsSummary({}).text).toBe('');
  });

  it('shortens a long answer in the table and keeps it whole in the full details', () => {
    const response = 'a'.repeat(300);
    const summary = detailsSummary({ response });
    expect(summary.shortened).toBe(true);
    expect(summary.text).toBe(`response: ${'a'.repeat(DETAIL_VALUE_MAX - 1)}…`);
    expect(detailLines({ response })).toEqual([{ label: 'response', value: response }]);
  });

  it('shows keys it does not know, lists and objects too', () => {
    expect(detailLines({ reviewedPollIds: ['p1', 'p2'], extra: { a: 1 } })).toEqual([
      { label: 'reviewed poll ids', value: 'p1, p2' },
      { label: 'extra', value: '{"a":1}' },
    ]);
  });
});
