import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../domain/categories';
import { MIGRATIONS_FOLDER } from '../db/database';
import { openTestDatabase } from './test-database';

const opened: { drop(): Promise<void>; database: { close(): Promise<void> } }[] = [];
async function open() {
  const copy = await openTestDatabase(inject('databaseTemplate'));
  opened.push(copy);
  return copy.database;
}
afterAll(async () => {
  for (const { database, drop } of opened) {
    await database.close();
    await drop();
  }
});

describe('test databases are copies of one template migrated per run', () => {
  it('the integration project provides the template', () => {
    expect(inject('databaseTemplate')?.kind).toBe(process.env.TEST_DATABASE_URL ? 'server' : 'embedded');
  });

  it('a copy has every migration of the folder applied and the categories seeded', async () => {
    const db = (await open()).db;
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const categories = await db.execute<{ n: number }>(sql`select count(*)::int as n from service_categories`);
    expect(categories.rows[0]!.n).toBe(SERVICE_CATEGORIES.length);
  });

  it('copies are independent: what one file writes, another never sees', async () => {
    const [first, second] = [(await open()).db, (await open()).db];
    await first.execute(sql`insert into newsletter_subscriptions (email) values ('only-in-first@example.com')`);
    const seen = (db: typeof first) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from newsletter_subscriptions where email = 'only-in-first@example.com'`,
      );
    expect((await seen(first)).rows[0]!.n).toBe(1);
    expect((await seen(second)).rows[0]!.n).toBe(0);
    // And the template itself is untouched: a copy made now starts without it.
    expect((await seen((await open()).db)).rows[0]!.n).toBe(0);
  });
});
