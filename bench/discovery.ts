/**
 * Discovery at scale: 100,000 services and 20,000 requests, then
 * 1. the discovery query (text + category + price + method, first page) p50/p95/p99, on the embedded PGlite and,
 *    when BENCH_DATABASE_URL names a PostgreSQL server, on that server too;
 * 2. HTTP requests per second of the listing endpoint next to a trivial JSON route of the same server, same run.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SERVICE_CATEGORIES } from '../src/domain/categories';
import { LISTING_PATHS, listingToQuery } from '../src/domain/listing-filters';
import { serviceListingSchema } from '../src/domain/listing-schemas';
import { createApp } from '../src/server/app';
import { parseEnv, type Config } from '../src/server/config';
import { ensureServiceCategories } from '../src/server/db/categories';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/database';
import { listServices } from '../src/server/features/services/list-services';
import { createInProcessEventBus } from '../src/server/realtime/event-bus';

export const SERVICES = 100_000;
export const REQUESTS = 20_000;
const SAMPLES = 200;
const WORDS = [
  'logo',
  'tutoring',
  'website',
  'guitar',
  'essay',
  'portrait',
  'robot',
  'spanish',
  'poster',
  'python',
  'resume',
  'mural',
];

/** Bulk rows made by the database itself: 100k inserts in seconds. */
export async function generateMarketplace(database: Database) {
  await migrateDatabase(database.db);
  await ensureServiceCategories(database.db);
  const users = Array.from({ length: 200 }, () => randomUUID());
  await database.db.execute(sql`
    insert into users (id, name, email) select u, 'Bench User', u || '@bench.test' from unnest(${pgArray(users)}::text[]) u`);
  await database.db.execute(
    sql`insert into profiles (id, first_name, last_name) select id, 'Bench', 'User' from users`,
  );
  const categories = SERVICE_CATEGORIES.map((c) => c.id);
  await database.db.execute(sql`
    insert into services (user_id, title, description, category_id, price_cents, pricing_type, delivery_method, created_at)
    select (${pgArray(users)}::text[])[1 + (i % 200)],
           initcap((${pgArray(WORDS)}::text[])[1 + (i % 12)]) || ' service number ' || i,
           'Helpful ' || (${pgArray(WORDS)}::text[])[1 + ((i * 7) % 12)] || ' work for students, delivered with care. #' || i,
           (${pgArray(categories)}::uuid[])[1 + (i % 15)],
           (i * 37) % 20000,
           (array['fixed','hourly'])[1 + (i % 2)]::pricing_type,
           (array['virtual','in-person','both'])[1 + (i % 3)]::delivery_method,
           now() - (i || ' seconds')::interval
    from generate_series(1, ${SERVICES}) i`);
  await database.db.execute(sql`
    insert into service_requests (user_id, title, description, service_category_id, budget_cents, created_at)
    select (${pgArray(users)}::text[])[1 + (i % 200)], 'Need ' || (${pgArray(WORDS)}::text[])[1 + (i % 12)] || ' help ' || i,
           'Looking for someone to help. #' || i, (${pgArray(categories)}::uuid[])[1 + (i % 15)], (i * 13) % 20000,
           now() - (i || ' seconds')::interval
    from generate_series(1, ${REQUESTS}) i`);
  await database.db.execute(sql`analyze`);
}

/** A PostgreSQL array literal as one parameter (Drizzle spreads JS arrays into a list of parameters). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function queryLatency(database: Database) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const input = serviceListingSchema.parse({
      search: WORDS[i % WORDS.length],
      categoryId: SERVICE_CATEGORIES[i % 15]!.id,
      price: (['0-25', '25-50', '50-100', '100+'] as const)[i % 4],
      method: (['virtual', 'in-person', 'both'] as const)[i % 3],
    });
    const start = performance.now();
    await listServices({ db: database.db }, null, input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), p99: pct(times, 0.99) };
}

async function throughput(database: Database) {
  const config: Config = {
    ...parseEnv({ NODE_ENV: 'production' }),
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://localhost',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    secureCookies: false,
    trustedOrigins: [],
  };
  const { server } = await createApp({ config, db: database.db, bus: createInProcessEventBus(), logger: false });
  server.get('/bench/trivial', async () => ({ ok: true }));
  const base = await server.listen({ port: 0, host: '127.0.0.1' });
  const filters = { search: 'logo', price: '25-50', method: 'virtual' } as const;
  const run = (path: string, pathFor?: (n: number) => string) => {
    let n = 0;
    const requests = pathFor ? [{ setupRequest: (req: object) => ({ ...req, path: pathFor(++n) }) }] : undefined;
    return autocannon({ url: `${base}${path}`, connections: 10, duration: 5, requests }).then(
      (r) => r.requests.average,
    );
  };
  const trivial = await run('/bench/trivial');
  // Everyone on the same filters: the page comes from memory after the first request.
  const listing = await run(`${LISTING_PATHS.services}?${listingToQuery(filters)}`);
  // Every request a page nobody asked for before (a new cursor each time): the query runs every time.
  const start = Date.now();
  const cursorPath = (n: number) =>
    `${LISTING_PATHS.services}?${listingToQuery({
      ...filters,
      cursor: { createdAt: new Date(start - n * 1000).toISOString(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
    })}`;
  const uncached = await run(cursorPath(0), cursorPath);
  // The same cached page through the tRPC adapter, for the adapter's cost.
  const trpc = await run(`/api/trpc/services.list?input=${encodeURIComponent(JSON.stringify(filters))}`);
  await server.close();
  return { trivial, listing, uncached, trpc };
}

export async function benchDiscovery() {
  const results: {
    setup: string;
    p50: number;
    p95: number;
    p99: number;
    rps?: { trivial: number; listing: number; uncached: number; trpc: number };
  }[] = [];
  const embedded = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
  await generateMarketplace(embedded);
  results.push({
    setup: 'PGlite (embedded default)',
    ...(await queryLatency(embedded)),
    rps: await throughput(embedded),
  });
  await embedded.close();

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const server = await openDatabase({ kind: 'server', url: url.toString() });
    await generateMarketplace(server);
    results.push({ setup: 'PostgreSQL server', ...(await queryLatency(server)), rps: await throughput(server) });
    await server.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
  return results;
}
