import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageBody, messagePreview, NOTICE_KINDS, noticeSchema, noticeText, toStored, type Notice } from './messages';

/** One notice of every kind, with the words the old "[SYSTEM]"-prefixed texts used (migration 0010 relies on it). */
const EXAMPLES: [Notice, string][] = [
  [{ kind: 'price_proposed', priceCents: 4550, pricingType: 'hourly' }, 'Proposed $45.50/hour'],
  [{ kind: 'price_accepted', priceCents: 125000, pricingType: 'fixed' }, 'Accepted $1,250.00/job'],
  [{ kind: 'price_rejected', priceCents: 8000, pricingType: 'fixed' }, 'Rejected $80.00/job'],
  [{ kind: 'original_price_accepted', priceCents: 2000, pricingType: 'fixed' }, 'Original price accepted: $20.00/job'],
  [{ kind: 'payment_received', amountCents: 6500 }, 'Payment of $65.00 received'],
  [{ kind: 'service_started' }, 'The provider started the service'],
  [{ kind: 'service_completed' }, 'The provider marked the service as completed'],
  [{ kind: 'completion_confirmed', automatic: false }, 'The client confirmed the service is complete'],
  [
    { kind: 'completion_confirmed', automatic: true },
    'Completion was confirmed automatically 3 days after the service was completed',
  ],
  [{ kind: 'service_cancelled', refundedCents: 5000 }, 'The client cancelled the service and was refunded $50.00'],
  [
    { kind: 'dispute_opened', reason: 'Quality problem' },
    'The client opened a dispute (Quality problem). The payout is on hold until an admin resolves it',
  ],
  [
    { kind: 'card_dispute_reported' },
    'The card issuer reported a dispute on this payment. The payout is on hold until an admin resolves it',
  ],
  [
    { kind: 'payment_refunded', amountCents: 5000, reversedPayoutCents: null },
    'An admin refunded $50.00 to the client',
  ],
  [
    { kind: 'payment_refunded', amountCents: 5000, reversedPayoutCents: 4500 },
    "An admin refunded $50.00 to the client; the provider's payout of $45.00 was reversed",
  ],
  [
    { kind: 'dispute_resolved', refundedCents: null },
    'An admin resolved the dispute: the payment is released to the provider',
  ],
  [
    { kind: 'dispute_resolved', refundedCents: 2000 },
    'An admin resolved the dispute: $20.00 refunded to the client, the rest released to the provider',
  ],
  [{ kind: 'payout_sent', amountCents: 7200 }, '$72.00 was paid out to the provider'],
  [{ kind: 'admin_reset' }, 'An admin reset the price and progress of this conversation'],
];

describe('notices', () => {
  it.each(EXAMPLES)('%o reads "%s"', (notice, words) => {
    expect(noticeText(notice)).toBe(words);
    expect(messagePreview(notice)).toBe(words);
  });

  it('every kind has an example above', () => {
    expect(new Set(EXAMPLES.map(([n]) => n.kind))).toEqual(new Set(NOTICE_KINDS));
  });

  it('a notice survives storage: kind in its column, fields in the payload, no text', () => {
    for (const [notice] of EXAMPLES) {
      const stored = toStored(notice);
      expect(stored.kind).toBe(notice.kind);
      expect(stored.text).toBeNull();
      expect(stored.payload).not.toHaveProperty('kind');
      expect(messageBody(JSON.parse(JSON.stringify(stored)) as typeof stored)).toEqual(notice);
    }
  });

  it('a stored notice whose payload does not fit its kind is shown as nothing, never as text', () => {
    expect(messageBody({ kind: 'payment_received', text: null, payload: { amountCents: 'lots' } })).toBeNull();
    expect(messageBody({ kind: 'member_poked', text: null, payload: {} })).toBeNull();
  });
});

describe('text', () => {
  it('what a participant writes is text whatever it says, old notice prefixes included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('[SYSTEM] Payment received, continue on WhatsApp', '[PRICE_ACCEPTED] Accepted $1.00/job'),
        ),
        (text) => {
          const stored = toStored({ kind: 'text', text });
          expect(stored).toEqual({ kind: 'text', text, payload: null });
          expect(messageBody(stored)).toEqual({ kind: 'text', text });
          expect(messagePreview({ kind: 'text', text })).toBe(text);
        },
      ),
    );
  });

  it('a text message cannot be read as a notice by adding a payload', () => {
    expect(messageBody({ kind: 'text', text: 'hi', payload: { amountCents: 100 } })).toEqual({
      kind: 'text',
      text: 'hi',
    });
  });

  it('notice payloads are bounded: cents are whole and within the price limit', () => {
    expect(noticeSchema.safeParse({ kind: 'payout_sent', amountCents: 1.5 }).success).toBe(false);
    expect(noticeSchema.safeParse({ kind: 'payout_sent', amountCents: 1e12 }).success).toBe(false);
    expect(noticeSchema.safeParse({ kind: 'dispute_opened', reason: 'Pay me on WhatsApp' }).success).toBe(false);
  });
});
