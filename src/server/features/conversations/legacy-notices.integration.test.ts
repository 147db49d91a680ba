import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageBody, noticeText } from '../../../domain/messages';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database } from '../../db/database';

/**
 * Migration 0010 turns the old "[SYSTEM]"/"[PRICE_…]" texts into notices. Only what the server itself wrote becomes a
 * notice (one of its fixed templates, from the party that posts it); anything a person typed stays text, so forged
 * notices already in the database stop looking like the platform's.
 */
const CLIENT = 'legacy-client';
const PROVIDER = 'legacy-provider';
const ADMIN = 'legacy-admin';

/** [sender, old text, what it must become: kind and payload, or text]. */
const ROWS: [string, string, { kind: string; payload?: unknown }][] = [
  [CLIENT, 'Hi! I\'d like to request your service "Logo".', { kind: 'text' }],
  [
    PROVIDER,
    '[PRICE_PROPOSAL] Proposed $1,250.00/job',
    { kind: 'price_proposed', payload: { priceCents: 125000, pricingType: 'fixed' } },
  ],
  [
    CLIENT,
    '[PRICE_REJECTED] Rejected $1,250.00/job',
    { kind: 'price_rejected', payload: { priceCents: 125000, pricingType: 'fixed' } },
  ],
  [
    CLIENT,
    '[PRICE_PROPOSAL] Proposed $60.50/hour',
    { kind: 'price_proposed', payload: { priceCents: 6050, pricingType: 'hourly' } },
  ],
  [
    PROVIDER,
    '[PRICE_ACCEPTED] Accepted $60.50/hour',
    { kind: 'price_accepted', payload: { priceCents: 6050, pricingType: 'hourly' } },
  ],
  [
    CLIENT,
    '[PRICE_ACCEPTED] Original price accepted: $20.00/job',
    { kind: 'original_price_accepted', payload: { priceCents: 2000, pricingType: 'fixed' } },
  ],
  [CLIENT, '[SYSTEM] Payment of $65.00 received', { kind: 'payment_received', payload: { amountCents: 6500 } }],
  [PROVIDER, '[SYSTEM] The provider started the service', { kind: 'service_started', payload: {} }],
  [PROVIDER, '[SYSTEM] The provider marked the service as completed', { kind: 'service_completed', payload: {} }],
  [
    CLIENT,
    '[SYSTEM] The client confirmed the service is complete',
    { kind: 'completion_confirmed', payload: { automatic: false } },
  ],
  [
    CLIENT,
    '[SYSTEM] Completion was confirmed automatically 3 days after the service was completed',
    { kind: 'completion_confirmed', payload: { automatic: true } },
  ],
  [
    CLIENT,
    '[SYSTEM] The client cancelled the service and was refunded $50.00',
    { kind: 'service_cancelled', payload: { refundedCents: 5000 } },
  ],
  [
    CLIENT,
    '[SYSTEM] The client opened a dispute (Quality problem). The payout is on hold until an admin resolves it',
    { kind: 'dispute_opened', payload: { reason: 'Quality problem' } },
  ],
  [
    CLIENT,
    '[SYSTEM] The card issuer reported a dispute on this payment. The payout is on hold until an admin resolves it',
    { kind: 'card_dispute_reported', payload: {} },
  ],
  [
    ADMIN,
    '[SYSTEM] An admin refunded $50.00 to the client',
    { kind: 'payment_refunded', payload: { amountCents: 5000, reversedPayoutCents: null } },
  ],
  [
    ADMIN,
    "[SYSTEM] An admin refunded $50.00 to the client; the provider's payout of $45.00 was reversed",
    { kind: 'payment_refunded', payload: { amountCents: 5000, reversedPayoutCents: 4500 } },
  ],
  [
    ADMIN,
    '[SYSTEM] An admin resolved the dispute: $20.00 refunded to the client, the rest released to the provider',
    { kind: 'dispute_resolved', payload: { refundedCents: 2000 } },
  ],
  [
    ADMIN,
    '[SYSTEM] An admin resolved the dispute: the payment is released to the provider',
    { kind: 'dispute_resolved', payload: { refundedCents: null } },
  ],
  [PROVIDER, '[SYSTEM] $72.00 was paid out to the provider', { kind: 'payout_sent', payload: { amountCents: 7200 } }],
  [ADMIN, '[SYSTEM] An admin reset the price and progress of this conversation', { kind: 'admin_reset', payload: {} }],
  // Typed by participants: not a template, a template from the wrong party, a template with more after it.
  [PROVIDER, '[SYSTEM] Payment received, continue on WhatsApp', { kind: 'text' }],
  [PROVIDER, '[SYSTEM] Payment of $65.00 received', { kind: 'text' }],
  [CLIENT, '[SYSTEM] An admin refunded $50.00 to the client', { kind: 'text' }],
  [
    CLIENT,
    '[SYSTEM] The client opened a dispute (pay me on WhatsApp). The payout is on hold until an admin resolves it',
    { kind: 'text' },
  ],
  [PROVIDER, '[PRICE_ACCEPTED] Accepted $1.00/job, and more', { kind: 'text' }],
  [
    CLIENT,
    '[PRICE_ACCEPTED] Accepted $1.00/job',
    { kind: 'price_accepted', payload: { priceCents: 100, pricingType: 'fixed' } },
  ],
];

let dir: string;
let database: Database;
let dropDatabase = async () => {};
let conversationId: string;

/** In-memory PGlite, or a new database on the PostgreSQL server of TEST_DATABASE_URL (as createTestApp does). */
async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'embedded', dataDir: 'memory://' });
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`create database ${name}`);
  dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'server', url: url.toString() });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'legacy-notices-'));
  // The migrations as they were before 0010: apply them, write old rows, then apply 0010 on top.
  const before = path.join(dir, 'migrations');
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 10);
  writeFileSync(journalPath, JSON.stringify(journal));
  database = await freshDatabase();
  await migrateDatabase(database.db, before);

  const [row] = (
    await database.db.execute<{ id: string }>(sql`
      insert into conversations (participant1_id, participant2_id, subject_title, last_message)
      values (${CLIENT}, ${PROVIDER}, 'Logo', ${ROWS.at(-1)![1]}) returning id`)
  ).rows;
  conversationId = row!.id;
  for (const [n, [sender, text]] of ROWS.entries()) {
    await database.db.execute(sql`
      insert into messages (conversation_id, sender_id, text, created_at)
      values (${conversationId}, ${sender}, ${text}, now() + make_interval(secs => ${n}))`);
  }
  await migrateDatabase(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0010 converts old messages', () => {
  it('the server’s own notices become typed notices; everything people typed stays text, word for word', async () => {
    const { rows } = await database.db.execute<{ kind: string; text: string | null; payload: unknown }>(
      sql`select kind, text, payload from messages where conversation_id = ${conversationId} order by created_at`,
    );
    expect(rows).toHaveLength(ROWS.length);
    for (const [n, [, oldText, expected]] of ROWS.entries()) {
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
