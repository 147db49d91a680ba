import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { preparedStatement } from './prepared-statement';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(inject('databaseTemplate')));
});
afterAll(() => drop());

const double = preparedStatement<{ doubled: number }, { n: number }>(
  'test.double',
  sql`select ${sql.placeholder('n')}::int * 2 as doubled`,
);

it('runs with its inputs bound, and again after the pool replaced its connection', async () => {
  expect(await double(database.db, { n: 21 })).toEqual([{ doubled: 42 }]);
  // A dropped connection (a restart of the socket, an idle timeout): on the embedded database the next connection is
  // the same session, where the statement already exists.
  const client = await database.pool.connect();
  client.release(true);
  expect(await double(database.db, { n: 5 })).toEqual([{ doubled: 10 }]);
  expect(await double(database.db, { n: 6 })).toEqual([{ doubled: 12 }]);
});
