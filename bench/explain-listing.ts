/** Prints the plan of the discovery listing at 100,000 services (BENCH_DATABASE_URL, or the embedded database). */
import { sql } from 'drizzle-orm';
import { serviceListingSchema } from '../src/domain/listing-schemas';
import { openDatabase } from '../src/server/db/database';
import { listServices } from '../src/server/features/services/list-services';
import { generateMarketplace } from './discovery';

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { kind: 'server', url } : { kind: 'embedded', dataDir: 'memory://' });
await generateMarketplace(database);
const input = serviceListingSchema.parse({ search: 'logo', price: '25-50', method: 'virtual' });
await database.db.execute(sql`set enable_seqscan = on`);
const original = database.pool.query.bind(database.pool);
// Print the plan of the exact query the use case sends.
(database.pool as unknown as { query: unknown }).query = async (
  config: { text: string; values: unknown[] } | string,
  values?: unknown[],
) => {
  const text = typeof config === 'string' ? config : config.text;
  const params = typeof config === 'string' ? values : config.values;
  const plan = await original(`explain analyze ${text}`, params as unknown[]);
  console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  return original(config as string, values);
};
await listServices({ db: database.db }, null, input);
await database.close();
