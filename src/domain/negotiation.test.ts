import fc from 'fast-check';
import { refusalText } from './refusals';
import { listingPriceSchema, proposalSchema } from './negotiation-schemas';
import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  actionRefusal,
  allowedActions,
  CONVERSATION_MESSAGES,
  progressStatus,
  refusal,
  sameGroup,
  transition,
  type NegotiationAction,
  type NegotiationState,
} from './negotiation';
import type { Party } from './deal';
import { feeBreakdown } from './payments';

const fresh: NegotiationState = {
  listingPriceCents: 5000,
  listingPricingType: 'fixed',
  latestProposal: null,
  finalPriceCents: null,
  finalPricingType: null,
  paymentCompleted: false,
  serviceStarted: false,
  serviceCompleted: false,
};
const proposal = (by: Party, rejected = false) => ({ priceCents: 4000, pricingType: 'hourly' as const, by, rejected });
const agreed = {
  ...fresh,
  latestProposal: proposal('provider'),
  finalPriceCents: 4000,
  finalPricingType: 'hourly' as const,
};

/** Every state the conversation can be in, with what each party may do there (every other action is refused). */
const table: [string, NegotiationState, { client: string[]; provider: string[] }][] = [
  ['fresh request', fresh, { client: ['propose', 'acceptOriginal'], provider: ['propose'] }],
  [
    'client proposed',
    { ...fresh, latestProposal: proposal('client') },
    { client: ['propose', 'acceptOriginal'], provider: ['propose', 'accept', 'reject'] },
  ],
  [
    'provider proposed',
    { ...fresh, latestProposal: proposal('provider') },
    { client: ['propose', 'accept', 'reject', 'acceptOriginal'], provider: ['propose'] },
  ],
  [
    'provider proposal rejected',
    { ...fresh, latestProposal: proposal('provider', true) },
    { client: ['propose', 'acceptOriginal'], provider: ['propose'] },
  ],
  [
    'offer on a request (no listing price)',
    { ...fresh, listingPriceCents: null, listingPricingType: null, latestProposal: proposal('provider') },
    { client: ['propose', 'accept', 'reject'], provider: ['propose'] },
  ],
  ['price agreed', agreed, { client: ['pay'], provider: [] }],
  ['paid', { ...agreed, paymentCompleted: true }, { client: [], provider: ['start'] }],
  ['in progress', { ...agreed, paymentCompleted: true, serviceStarted: true }, { client: [], provider: ['complete'] }],
  [
    'completed',
    { ...agreed, paymentCompleted: true, serviceStarted: true, serviceCompleted: true },
    { client: ['review'], provider: [] },
  ],
];

describe('negotiation state machine: every state x every party x every action', () => {
  for (const [name, state, allowed] of table) {
    for (const party of ['client', 'provider'] as const) {
      it(`${name}: the ${party} may ${allowed[party].join(', ') || 'do nothing'}`, () => {
        expect(allowedActions(state, party).sort()).toEqual([...allowed[party]].sort());
        for (const type of ACTION_TYPES) {
          const reason = refusal(state, party, type);
          if (allowed[party].includes(type)) expect(reason).toBeNull();
          else expect(reason, type).toEqual(expect.any(String));
        }
      });
    }
  }
});

describe('transitions', () => {
  it('a proposal is recorded with its proposer and posted as a price message', () => {
    const t = transition(fresh, 'client', { type: 'propose', priceCents: 4550, pricingType: 'hourly' })!;
    expect(t.patch.latestProposal).toEqual({ priceCents: 4550, pricingType: 'hourly', by: 'client', rejected: false });
    expect(t.message).toEqual({ kind: 'price_proposed', priceCents: 4550, pricingType: 'hourly' });
  });

  it('accepting sets the final price to the proposal; rejecting only marks it', () => {
    const state = { ...fresh, latestProposal: proposal('provider') };
    expect(transition(state, 'client', { type: 'accept' })).toEqual({
      patch: { finalPriceCents: 4000, finalPricingType: 'hourly' },
      message: { kind: 'price_accepted', priceCents: 4000, pricingType: 'hourly' },
    });
    const rejected = transition(state, 'client', { type: 'reject' })!;
    expect(rejected.patch).toEqual({ latestProposal: proposal('provider', true) });
    expect(rejected.message).toEqual({ kind: 'price_rejected', priceCents: 4000, pricingType: 'hourly' });
  });

  it('the original price is the listing price and pricing type', () => {
    const shown = { priceCents: 5000, pricingType: 'hourly' as const };
    const t = transition({ ...fresh, listingPricingType: 'hourly' }, 'client', { type: 'acceptOriginal', shown })!;
    expect(t.patch).toEqual({ finalPriceCents: 5000, finalPricingType: 'hourly' });
    expect(t.message).toEqual({ kind: 'original_price_accepted', priceCents: 5000, pricingType: 'hourly' });
  });

  it('the listing price is accepted only as the client saw it: a changed price or pricing type is refused', () => {
    const accept = (priceCents: number, pricingType: 'fixed' | 'hourly') =>
      refusalText(actionRefusal(fresh, 'client', { type: 'acceptOriginal', shown: { priceCents, pricingType } }));
    expect(accept(5000, 'fixed')).toBeNull();
    expect(accept(4000, 'fixed')).toBe(CONVERSATION_MESSAGES.listingPriceChanged);
    expect(accept(5000, 'hourly')).toBe(CONVERSATION_MESSAGES.listingPriceChanged);
    // The state machine's own refusals come first.
    expect(
      refusalText(
        actionRefusal(fresh, 'provider', { type: 'acceptOriginal', shown: { priceCents: 5000, pricingType: 'fixed' } }),
      ),
    ).toBe('Only the client can accept the original price');
  });

  it('a free listing has no original price to accept', () => {
    expect(refusalText(refusal({ ...fresh, listingPriceCents: 0 }, 'client', 'acceptOriginal'))).toBe(
      'There is no original price to accept',
    );
  });

  it('the shown price is whole cents within the price limit', () => {
    expect(listingPriceSchema.safeParse({ priceCents: 5000, pricingType: 'fixed' }).success).toBe(true);
    expect(listingPriceSchema.safeParse({ priceCents: 50.5, pricingType: 'fixed' }).success).toBe(false);
    expect(listingPriceSchema.safeParse({ priceCents: -1, pricingType: 'fixed' }).success).toBe(false);
    expect(listingPriceSchema.safeParse({ priceCents: 5000 }).success).toBe(false);
  });

  it('progress badges follow started and completed', () => {
    expect(progressStatus(fresh)).toBe('proposal');
    expect(progressStatus({ serviceStarted: true, serviceCompleted: false })).toBe('in_progress');
    expect(progressStatus({ serviceStarted: true, serviceCompleted: true })).toBe('completed');
  });

  it('any sequence of allowed actions keeps paid => agreed, started => paid, completed => started', () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant('propose' as const),
        priceCents: fc.integer({ min: 1, max: 100_000 }),
        pricingType: fc.constantFrom('fixed' as const, 'hourly' as const),
      }),
      fc.constantFrom<NegotiationAction>(
        { type: 'accept' },
        { type: 'reject' },
        { type: 'acceptOriginal', shown: { priceCents: 5000, pricingType: 'fixed' } },
        { type: 'pay' },
        { type: 'start' },
        { type: 'complete' },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<Party>('client', 'provider'), action), { maxLength: 30 }),
        (steps) => {
          let state = fresh;
          for (const [party, a] of steps) {
            if (refusal(state, party, a.type) !== null) continue;
            // The payment event stands in for pay: only it marks the conversation paid.
            if (a.type === 'pay') state = { ...state, paymentCompleted: true };
            else state = { ...state, ...transition(state, party, a)!.patch };
            if (state.paymentCompleted) expect(state.finalPriceCents).not.toBeNull();
            if (state.serviceStarted) expect(state.paymentCompleted).toBe(true);
            if (state.serviceCompleted) expect(state.serviceStarted).toBe(true);
          }
        },
      ),
    );
  });
});

describe('messages', () => {
  it('groups one sender within 5 minutes', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m));
    expect(sameGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'a', createdAt: at(5) })).toBe(true);
    expect(sameGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'a', createdAt: at(6) })).toBe(false);
    expect(sameGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'b', createdAt: at(1) })).toBe(false);
  });

  it('a proposal must be a positive amount in cents', () => {
    expect(proposalSchema.safeParse({ price: 0, pricingType: 'fixed' }).error?.issues[0]?.message).toBe(
      'Please enter a valid price',
    );
    expect(proposalSchema.safeParse({ price: 10.005, pricingType: 'fixed' }).success).toBe(false);
    expect(proposalSchema.safeParse({ price: 10.05, pricingType: 'hourly' }).success).toBe(true);
  });
});

describe('platform fee', () => {
  it('keeps 10 percent, the provider gets the rest, to the cent', () => {
    expect(feeBreakdown(4000)).toEqual({ amountCents: 4000, platformFeeCents: 400, providerAmountCents: 3600 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const b = feeBreakdown(cents);
        expect(b.platformFeeCents + b.providerAmountCents).toBe(cents);
        expect(Math.abs(b.platformFeeCents - cents * 0.1)).toBeLessThan(2);
      }),
    );
  });
});
