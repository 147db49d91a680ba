/**
 * The server's event-loop delay while another client runs a slow query, on the embedded default (PGlite in a
 * worker behind a unix socket), against PGlite running on the main thread for comparison. Requests that need no
 * database are sent throughout, as the live traffic a slow query must not freeze.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../src/server/app';
import { migrateDatabase, openDatabase } from '../src/server/db/database';
import { createInProcessEventBus } from '../src/server/realtime/event-bus';
import { parseEnv, type Config } from '../src/server/config';

const SLOW_QUERY = 'select count(*) from generate_series(1, 3000000) a where a % 7 = 3';

export interface LoopDelayResult {
  setup: string;
  queryMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
  longestStallMs: number;
  requestsServed: number;
  requestP99Ms: number;
}

async function measure(setup: string, runSlowQuery: () => Promise<unknown>, baseUrl: string): Promise<LoopDelayResult> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  // A second, plain witness: the longest a 1 ms timer waited beyond its due time.
  let longestStall = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last - 1);
    last = now;
  }, 1);
  const latencies: number[] = [];
  let running = true;
  const traffic = (async () => {
    while (running) {
      const start = performance.now();
      // A request that needs no database: what a frozen event loop delays, and a busy database does not.
      await fetch(`${baseUrl}/api/trpc/accounts.me`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - start);
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  histogram.enable();
  const start = performance.now();
  await runSlowQuery();
  const queryMs = performance.now() - start;
  // Let the sampler record the delay of a loop that was blocked until just now.
  await new Promise((r) => setTimeout(r, 20));
  histogram.disable();
  clearInterval(sampler);
  running = false;
  await traffic;
  latencies.sort((a, b) => a - b);
  return {
    setup,
    queryMs: Math.round(queryMs),
    loopP99Ms: histogram.percentile(99) / 1e6,
    loopMaxMs: histogram.max / 1e6,
    longestStallMs: longestStall,
    requestsServed: latencies.length,
    requestP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

export async function benchEventLoop(): Promise<LoopDelayResult[]> {
  const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
  await migrateDatabase(database.db);
  const config: Config = {
    ...parseEnv({ NODE_ENV: 'test' }),
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://localhost',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    secureCookies: false,
    trustedOrigins: [],
  };
  const { server } = await createApp({ config, db: database.db, bus: createInProcessEventBus(), logger: false });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });

  const results: LoopDelayResult[] = [];
  await database.pool.query('select 1');
  results.push(await measure('PGlite in a worker (our default)', () => database.pool.query(SLOW_QUERY), address));

  // For comparison: the same query on a PGlite that runs on the server's own thread.
  const inline = await PGlite.create('memory://');
  await inline.query('select 1');
  results.push(await measure('PGlite on the main thread', () => inline.query(SLOW_QUERY), address));

  await inline.close();
  await server.close();
  await database.close();
  return results;
}
