import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * A hot statement, written once with drizzle placeholders (`sql.placeholder('text')`) and sent as a named prepared
 * statement: each database connection parses and plans it once, then only binds its inputs. For the message send,
 * parsing and planning were most of its cost in the embedded database (0.71 ms a send as a plain query, 0.15 ms
 * executed as prepared; bench/README.md, messaging). The name must be unique to the text: node-postgres refuses
 * one name for two texts.
 */
export function preparedStatement<Row extends Record<string, unknown>, Input extends Record<string, unknown>>(
  name: string,
  query: SQL,
) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return async (db: Db, input: Input): Promise<Row[]> => {
    const result = await db.$client.query<Row>({ name, text, values: fillPlaceholders(params, input) });
    return result.rows;
  };
}
