import { describe, expect, it } from 'vitest';
import type { NegotiationState } from '../../../domain/negotiation';
import { dealSummary, showsProgressBadge, type PaymentFacts } from './deal-summary';

const open: NegotiationState = {
  listingPriceCents: 3000,
  listingPricingType: 'fixed',
  latestProposal: null,
  finalPriceCents: null,
  finalPricingType: null,
  paymentCompleted: false,
  serviceStarted: false,
  serviceCompleted: false,
};
const agreed: NegotiationState = { ...open, finalPriceCents: 2000, finalPricingType: 'fixed' };
const paid: NegotiationState = { ...agreed, paymentCompleted: true };
const facts = (label: PaymentFacts['label'], refundedCents = 0): PaymentFacts => ({
  label,
  amountCents: 2000,
  refundedCents,
});

describe('a chat header and its one-line deal summary', () => {
  it('show a pending proposal as "$X proposed", to the side that answers and the side that waits', () => {
    const state = {
      ...open,
      latestProposal: { priceCents: 2000, pricingType: 'fixed' as const, by: 'provider' as const, rejected: false },
    };
    expect(dealSummary(state, 'client', undefined)).toEqual({
      line: '$20.00 proposed · waiting for your answer',
      payment: null,
      proposed: '$20.00 proposed',
    });
    expect(dealSummary(state, 'provider', undefined).line).toBe('$20.00 proposed · waiting for an answer');
    const hourly = { ...state, latestProposal: { ...state.latestProposal, pricingType: 'hourly' as const } };
    expect(dealSummary(hourly, 'client', undefined).proposed).toBe('$20.00/hr proposed');
  });

  it('drop a rejected or agreed proposal', () => {
    const rejected = {
      ...open,
      latestProposal: { priceCents: 2000, pricingType: 'fixed' as const, by: 'provider' as const, rejected: true },
    };
    expect(dealSummary(rejected, 'client', undefined)).toEqual({
      line: 'Price not agreed yet',
      payment: null,
      proposed: null,
    });
    const accepted = { ...agreed, latestProposal: { ...rejected.latestProposal, rejected: false } };
    expect(dealSummary(accepted, 'client', undefined).proposed).toBeNull();
  });

  it('say an agreed price awaits payment, the client being the one to pay', () => {
    expect(dealSummary(agreed, 'client', undefined).line).toBe('Agreed $20.00 · awaiting your payment');
    expect(dealSummary(agreed, 'provider', undefined).line).toBe('Agreed $20.00 · awaiting payment');
  });

  it("say the money is held until the client confirms, in each party's words, with HELD in the header", () => {
    expect(dealSummary(paid, 'client', facts('held'))).toEqual({
      line: 'Paid $20.00 · held until you confirm',
      payment: 'HELD',
      proposed: null,
    });
    expect(dealSummary(paid, 'provider', facts('awaiting_confirmation')).line).toBe(
      'Paid $20.00 · held until the client confirms',
    );
  });

  it('name disputes, releases, payouts and refunds', () => {
    expect(dealSummary(paid, 'client', facts('disputed'))).toMatchObject({
      line: 'Paid $20.00 · in dispute',
      payment: 'IN DISPUTE',
    });
    expect(dealSummary(paid, 'client', facts('transferred'))).toMatchObject({
      line: 'Paid $20.00 · released to the provider',
      payment: 'PAID',
    });
    expect(dealSummary(paid, 'provider', facts('transferred')).line).toBe('Paid $20.00 · paid out to you');
    expect(dealSummary(paid, 'provider', facts('releasing')).line).toBe(
      'Paid $20.00 · released · waiting for your payout account',
    );
    expect(dealSummary(paid, 'client', facts('releasing')).line).toBe('Paid $20.00 · accepted · payout pending');
    // A transfer sent or waiting for a retry has not reached the provider yet.
    for (const status of ['pending', 'failed'] as const) {
      const inFlight = { ...facts('transferred'), transfer: { status } };
      expect(dealSummary(paid, 'provider', inFlight)).toMatchObject({
        line: 'Paid $20.00 · payout on its way',
        payment: 'PAID',
      });
      expect(dealSummary(paid, 'client', inFlight).line).toBe('Paid $20.00 · accepted · payout pending');
    }
    expect(dealSummary(paid, 'provider', { ...facts('transferred'), transfer: { status: 'paid' } }).line).toBe(
      'Paid $20.00 · paid out to you',
    );
    expect(dealSummary(paid, 'client', facts('transferred', 800)).line).toBe(
      'Paid $20.00 · released to the provider · $8.00 refunded',
    );
    expect(dealSummary(paid, 'client', facts('refunded', 2000))).toMatchObject({
      line: 'Refunded $20.00',
      payment: 'REFUNDED',
    });
    expect(dealSummary(paid, 'client', facts('cancelled', 2000)).line).toBe('Refunded $20.00 · cancelled');
  });

  it('before the payment history is read, say paid without a badge that would change a moment later', () => {
    expect(dealSummary(paid, 'client', undefined)).toEqual({ line: 'Paid $20.00', payment: null, proposed: null });
    expect(dealSummary({ ...paid, cancelled: true }, 'client', undefined)).toMatchObject({ payment: 'REFUNDED' });
  });
});

describe("the header's progress badge", () => {
  it('is left out only for a deal refunded before any work, where REFUNDED says it all', () => {
    expect(showsProgressBadge('proposal', 'REFUNDED')).toBe(false);
    expect(showsProgressBadge('proposal', null)).toBe(true);
    expect(showsProgressBadge('in_progress', 'REFUNDED')).toBe(true);
    expect(showsProgressBadge('completed', 'PAID')).toBe(true);
  });
});
