import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageBody, noticeText } from '../../../domain/messages';
import type { Database } from '../../db/database';
import { databaseBeforeMigration } from '../../testing/database-before-migration';

/**
 * Migration 0010 turns the old "[SYSTEM]"/"[PRICE_…]" texts into notices. Only what the server itself wrote becomes a
 * notice (one of its fixed templates, from the party that posts it, and confirmed by the conversation's own records
 * where they can: paid, started, refunded...); anything a person typed stays text, so forged notices already in the
 * database stop looking like the platform's.
 */
const CLIENT = 'legacy-client';
const PROVIDER = 'legacy-provider';
const ADMIN = 'legacy-admin';

/**
 * PAID went through everything the server records (payment, progress, refunds, disputes, payouts); AUTO was accepted
 * automatically; OPEN was never paid, so no notice of money or progress in it can be true.
 */
type Conversation = 'PAID' | 'AUTO' | 'OPEN';
/** [conversation, sender, old text, what it must become: kind and payload, or text]. */
type Row = [Conversation, string, string, { kind: string; payload?: unknown }];
const ROWS: Row[] = [
  ['PAID', CLIENT, 'Hi! I\'d like to request your service "Logo".', { kind: 'text' }],
  [
    'PAID',
    PROVIDER,
    '[PRICE_PROPOSAL] Proposed $1,250.00/job',
    { kind: 'price_proposed', payload: { priceCents: 125000, pricingType: 'fixed' } },
  ],
  [
    'PAID',
    CLIENT,
    '[PRICE_REJECTED] Rejected $1,250.00/job',
    { kind: 'price_rejected', payload: { priceCents: 125000, pricingType: 'fixed' } },
  ],
  [
    'PAID',
    CLIENT,
    '[PRICE_PROPOSAL] Proposed $60.50/hour',
    { kind: 'price_proposed', payload: { priceCents: 6050, pricingType: 'hourly' } },
  ],
  [
    'PAID',
    PROVIDER,
    '[PRICE_ACCEPTED] Accepted $60.50/hour',
    { kind: 'price_accepted', payload: { priceCents: 6050, pricingType: 'hourly' } },
  ],
  [
    'PAID',
    CLIENT,
    '[PRICE_ACCEPTED] Original price accepted: $20.00/job',
    { kind: 'original_price_accepted', payload: { priceCents: 2000, pricingType: 'fixed' } },
  ],
  ['PAID', CLIENT, '[SYSTEM] Payment of $65.00 received', { kind: 'payment_received', payload: { amountCents: 6500 } }],
  ['PAID', PROVIDER, '[SYSTEM] The provider started the service', { kind: 'service_started', payload: {} }],
  [
    'PAID',
    PROVIDER,
    '[SYSTEM] The provider marked the service as completed',
    { kind: 'service_completed', payload: {} },
  ],
  [
    'PAID',
    CLIENT,
    '[SYSTEM] The client confirmed the service is complete',
    { kind: 'completion_confirmed', payload: { automatic: false } },
  ],
  [
    'AUTO',
    CLIENT,
    '[SYSTEM] Completion was confirmed automatically 3 days after the service was completed',
    { kind: 'completion_confirmed', payload: { automatic: true } },
  ],
  [
    'PAID',
    CLIENT,
    '[SYSTEM] The client cancelled the service and was refunded $50.00',
    { kind: 'service_cancelled', payload: { refundedCents: 5000 } },
  ],
  [
    'PAID',
    CLIENT,
    '[SYSTEM] The client opened a dispute (Quality problem). The payout is on hold until an admin resolves it',
    { kind: 'dispute_opened', payload: { reason: 'Quality problem' } },
  ],
  [
    'PAID',
    CLIENT,
    '[SYSTEM] The card issuer reported a dispute on this payment. The payout is on hold until an admin resolves it',
    { kind: 'card_dispute_reported', payload: {} },
  ],
  [
    'PAID',
    ADMIN,
    '[SYSTEM] An admin refunded $50.00 to the client',
    { kind: 'payment_refunded', payload: { amountCents: 5000, reversedPayoutCents: null } },
  ],
  [
    'PAID',
    ADMIN,
    "[SYSTEM] An admin refunded $50.00 to the client; the provider's payout of $45.00 was reversed",
    { kind: 'payment_refunded', payload: { amountCents: 5000, reversedPayoutCents: 4500 } },
  ],
  [
    'PAID',
    ADMIN,
    '[SYSTEM] An admin resolved the dispute: $20.00 refunded to the client, the rest released to the provider',
    { kind: 'dispute_resolved', payload: { refundedCents: 2000 } },
  ],
  [
    'PAID',
    ADMIN,
    '[SYSTEM] An admin resolved the dispute: the payment is released to the provider',
    { kind: 'dispute_resolved', payload: { refundedCents: null } },
  ],
  [
    'PAID',
    PROVIDER,
    '[SYSTEM] $72.00 was paid out to the provider',
    { kind: 'payout_sent', payload: { amountCents: 7200 } },
  ],
  [
    'PAID',
    ADMIN,
    '[SYSTEM] An admin reset the price and progress of this conversation',
    { kind: 'admin_reset', payload: {} },
  ],
  // Typed by participants: not a template, a template from the wrong party, a template with more after it.
  ['PAID', PROVIDER, '[SYSTEM] Payment received, continue on WhatsApp', { kind: 'text' }],
  ['PAID', PROVIDER, '[SYSTEM] Payment of $65.00 received', { kind: 'text' }],
  ['PAID', CLIENT, '[SYSTEM] An admin refunded $50.00 to the client', { kind: 'text' }],
  [
    'PAID',
    CLIENT,
    '[SYSTEM] The client opened a dispute (pay me on WhatsApp). The payout is on hold until an admin resolves it',
    { kind: 'text' },
  ],
  ['PAID', PROVIDER, '[PRICE_ACCEPTED] Accepted $1.00/job, and more', { kind: 'text' }],
  // Templates from the right party that the conversation's records contradict: a payment of another amount, the
  // one payment told twice, a second acceptance.
  ['PAID', CLIENT, '[SYSTEM] Payment of $500.00 received', { kind: 'text' }],
  ['PAID', CLIENT, '[SYSTEM] Payment of $65.00 received', { kind: 'text' }],
  ['PAID', CLIENT, '[SYSTEM] The client confirmed the service is complete', { kind: 'text' }],
  ['PAID', CLIENT, '[SYSTEM] The client cancelled the service and was refunded $65.00', { kind: 'text' }],
  ['PAID', PROVIDER, '[SYSTEM] $1,000.00 was paid out to the provider', { kind: 'text' }],
  // Amounts the server never wrote: not its format, or past the price limit (which the integer cast cannot hold).
  ['PAID', CLIENT, '[PRICE_PROPOSAL] Proposed $1,2,3.00/job', { kind: 'text' }],
  ['PAID', CLIENT, '[PRICE_PROPOSAL] Proposed $0012.00/job', { kind: 'text' }],
  ['PAID', CLIENT, '[PRICE_PROPOSAL] Proposed $99,999,999,999.00/job', { kind: 'text' }],
  ['PAID', CLIENT, '[PRICE_PROPOSAL] Proposed $99999999999.00/job', { kind: 'text' }],
  // Never paid: every notice of money or progress, each from the party that would have posted it, is a forgery.
  ['OPEN', CLIENT, '[SYSTEM] Payment of $500.00 received', { kind: 'text' }],
  ['OPEN', PROVIDER, '[SYSTEM] The provider started the service', { kind: 'text' }],
  ['OPEN', PROVIDER, '[SYSTEM] The provider marked the service as completed', { kind: 'text' }],
  ['OPEN', CLIENT, '[SYSTEM] The client confirmed the service is complete', { kind: 'text' }],
  [
    'OPEN',
    CLIENT,
    '[SYSTEM] Completion was confirmed automatically 3 days after the service was completed',
    { kind: 'text' },
  ],
  ['OPEN', CLIENT, '[SYSTEM] The client cancelled the service and was refunded $50.00', { kind: 'text' }],
  [
    'OPEN',
    CLIENT,
    '[SYSTEM] The client opened a dispute (Quality problem). The payout is on hold until an admin resolves it',
    { kind: 'text' },
  ],
  [
    'OPEN',
    CLIENT,
    '[SYSTEM] The card issuer reported a dispute on this payment. The payout is on hold until an admin resolves it',
    { kind: 'text' },
  ],
  ['OPEN', PROVIDER, '[SYSTEM] $72.00 was paid out to the provider', { kind: 'text' }],
  ['OPEN', ADMIN, '[SYSTEM] An admin refunded $50.00 to the client', { kind: 'text' }],
  ['OPEN', ADMIN, '[SYSTEM] An admin resolved the dispute: the payment is released to the provider', { kind: 'text' }],
  [
    'OPEN',
    CLIENT,
    '[PRICE_PROPOSAL] Proposed $25.00/job',
    { kind: 'price_proposed', payload: { priceCents: 2500, pricingType: 'fixed' } },
  ],
  [
    'PAID',
    CLIENT,
    '[PRICE_ACCEPTED] Accepted $1.00/job',
    { kind: 'price_accepted', payload: { priceCents: 100, pricingType: 'fixed' } },
  ],
];

let before: Awaited<ReturnType<typeof databaseBeforeMigration>>;
let database: Database;
let conversationId: string;

beforeAll(async () => {
  // The migrations as they were before 0010: apply them, write old rows, then apply 0010 on top.
  before = await databaseBeforeMigration(10);
  database = before.database;
  const ids = {} as Record<Conversation, string>;
  for (const name of ['PAID', 'AUTO', 'OPEN'] as const) {
    const last = ROWS.filter(([c]) => c === name).at(-1)![2];
    const [row] = (
      await database.db.execute<{ id: string }>(sql`
        insert into conversations (participant1_id, participant2_id, subject_title, last_message)
        values (${CLIENT}, ${PROVIDER}, 'Logo', ${last}) returning id`)
    ).rows;
    ids[name] = row!.id;
  }
  // One second apart, in the order of ROWS; `at` is when the row of that text was written.
  const base = Date.parse('2026-01-01T00:00:00Z');
  const at = (conversation: Conversation, text: string) =>
    new Date(base + ROWS.findIndex(([c, , t]) => c === conversation && t === text) * 1000).toISOString();
  for (const [n, [conversation, sender, text]] of ROWS.entries()) {
    await database.db.execute(sql`
      insert into messages (conversation_id, sender_id, text, created_at)
      values (${ids[conversation]}, ${sender}, ${text}, ${new Date(base + n * 1000).toISOString()})`);
  }
  // What the server recorded alongside its notices in PAID and AUTO (OPEN has nothing).
  const paid = ids.PAID;
  await database.db.execute(sql`
    update conversations set final_price_cents = 6500, final_pricing_type = 'fixed', payment_completed = true,
      paid_at = ${at('PAID', '[SYSTEM] Payment of $65.00 received')}, service_started = true, service_completed = true,
      accepted_at = ${at('PAID', '[SYSTEM] The client confirmed the service is complete')}, cancelled_at = now()
    where id = ${paid}`);
  await database.db.execute(sql`
    update conversations set final_price_cents = 2000, final_pricing_type = 'fixed', payment_completed = true,
      paid_at = now(), service_started = true, service_completed = true, accepted_at = now()
    where id = ${ids.AUTO}`);
  const transaction = async (amountCents: number) =>
    (
      await database.db.execute<{ id: string }>(sql`
        insert into payment_transactions
          (conversation_id, payment_intent_id, status, amount_cents, provider_amount_cents, platform_fee_cents)
        values (${paid}, ${randomUUID()}, 'succeeded', ${amountCents}, ${amountCents}, 0) returning id`)
    ).rows[0]!.id;
  const charge = await transaction(6500);
  const second = await transaction(4500);
  for (const [amountCents, reason] of [
    [5000, 'client_cancelled'],
    [5000, 'admin_refund'],
    [2000, 'dispute_partial_refund'],
  ] as const) {
    await database.db.execute(sql`
      insert into refunds (payment_transaction_id, conversation_id, amount_cents, reason, idempotency_key)
      values (${charge}, ${paid}, ${amountCents}, ${reason}, ${randomUUID()})`);
  }
  for (const [source, reason, status] of [
    ['client', 'Quality problem', 'partially_refunded'],
    ['card_network', 'fraudulent', 'released'],
  ]) {
    await database.db.execute(sql`
      insert into disputes (conversation_id, source, reason, description, status)
      values (${paid}, ${source}, ${reason}, 'Legacy', ${status})`);
  }
  for (const [transactionId, amountCents] of [
    [charge, 7200],
    [second, 4500],
  ] as const) {
    await database.db.execute(sql`
      insert into transfers (payment_transaction_id, conversation_id, provider_id, amount_cents, status)
      values (${transactionId}, ${paid}, ${PROVIDER}, ${amountCents}, 'paid')`);
  }
  conversationId = paid;
  await before.migrateRest();
}, 120_000);
afterAll(() => before?.close());

describe('migration 0010 converts old messages', () => {
  it('the server’s own notices become typed notices; forged ones and everything people typed stay text, word for word', async () => {
    const { rows } = await database.db.execute<{ kind: string; text: string | null; payload: unknown }>(
      sql`select kind, text, payload from messages order by created_at`,
    );
    expect(rows).toHaveLength(ROWS.length);
    for (const [n, [, , oldText, expected]] of ROWS.entries()) {
      const row = rows[n]!;
      if (expected.kind === 'text') {
        expect(row, oldText).toEqual({ kind: 'text', text: oldText, payload: null });
        continue;
      }
      expect(row, oldText).toEqual({ kind: expected.kind, text: null, payload: expected.payload });
      // The notice reads as the old text did, without its prefix.
      const body = messageBody(row);
      expect(body && body.kind !== 'text' ? noticeText(body) : null).toBe(oldText.replace(/^\[[A-Z_]+\] /, ''));
    }
  });

  it('a conversation whose last message became a notice previews it without the prefix', async () => {
    const { rows } = await database.db.execute<{ last_message: string }>(
      sql`select last_message from conversations where id = ${conversationId}`,
    );
    expect(rows[0]!.last_message).toBe('Accepted $1.00/job');
  });
});
