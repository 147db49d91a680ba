import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../testing/database-before-migration';

/**
 * Migration 0041 moves the originals of hidden contact details out of `messages` into message_originals, then drops
 * the column: every original survives the move, and what participants read is unchanged.
 */
let before: Awaited<ReturnType<typeof databaseBeforeMigration>>;
const ids: Record<'hidden' | 'plain', string> = { hidden: '', plain: '' };

beforeAll(async () => {
  before = await databaseBeforeMigration(41);
  const { db } = before.database;
  const [conversation] = (
    await db.execute<{ id: string }>(sql`
      insert into conversations (participant1_id, participant2_id, subject_title)
      values ('originals-client', 'originals-provider', 'Maths') returning id`)
  ).rows;
  for (const [name, text, original] of [
    ['hidden', 'call me on [contact details hidden]', 'call me on 07911 123456'],
    ['plain', 'see you on Monday', null],
  ] as const) {
    const [row] = (
      await db.execute<{ id: string }>(sql`
        insert into messages (conversation_id, sender_id, text, original_text)
        values (${conversation!.id}, 'originals-client', ${text}, ${original}) returning id`)
    ).rows;
    ids[name] = row!.id;
  }
  await before.migrateRest();
}, 120_000);
afterAll(() => before?.close());

describe('migration 0041 moves the originals to their own table', () => {
  it('keeps every original for moderation and marks its message; the others are untouched', async () => {
    const { db } = before.database;
    const originals = await db.execute<{ message_id: string; text: string }>(
      sql`select message_id, text from message_originals`,
    );
    expect(originals.rows).toEqual([{ message_id: ids.hidden, text: 'call me on 07911 123456' }]);
    const shown = await db.execute<{ id: string; text: string; details_hidden: boolean }>(
      sql`select id, text, details_hidden from messages order by created_at, text`,
    );
    expect(shown.rows).toEqual(
      expect.arrayContaining([
        { id: ids.hidden, text: 'call me on [contact details hidden]', details_hidden: true },
        { id: ids.plain, text: 'see you on Monday', details_hidden: false },
      ]),
    );
  });

  it('leaves no column of originals on messages', async () => {
    const { rows } = await before.database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'messages'`,
    );
    expect(rows.map((r) => r.column_name)).not.toContain('original_text');
  });
});
