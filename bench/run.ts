/**
 * npm run bench: every benchmark, printed as tables; `npm run bench -- messaging` (or event-loop, discovery, rooms,
 * first-paint) runs one; options after the names go to the benchmarks (bench/messaging.ts lists its own). Figures are from one run;
 * compare ratios, not seconds.
 */
import { benchDiscovery, REQUESTS, SERVICES } from './discovery';
import { benchEventLoop } from './event-loop';
import { benchFirstPaint, firstPaintOptions } from './first-paint';
import { printFirstPaint, writeFirstPaint } from './first-paint/report';
import { benchMessageSearch, DIRECT_MESSAGES, messageSearchOptions, ROOM_MESSAGES } from './message-search';
import { benchMessaging, messagingOptions } from './messaging';
import { printMessaging } from './messaging/report';
import { benchRooms, roomsOptions } from './rooms';
import { printRooms } from './rooms/report';

const fmt = (n: number) => n.toFixed(1);
const BENCHMARKS = ['event-loop', 'discovery', 'messaging', 'rooms', 'first-paint', 'message-search'];
const chosen = process.argv.slice(2).filter((a) => BENCHMARKS.includes(a));
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);

if (runs('event-loop')) {
  const loop = await benchEventLoop();
  console.log('\nEvent-loop delay while another client runs a slow query (with concurrent API requests)\n');
  console.table(
    loop.map((r) => ({
      setup: r.setup,
      'slow query ms': r.queryMs,
      'loop p99 ms': fmt(r.loopP99Ms),
      'loop max ms': fmt(r.loopMaxMs),
      'longest stall ms': fmt(r.longestStallMs),
      'requests served': r.requestsServed,
      'request p99 ms': fmt(r.requestP99Ms),
    })),
  );
  const [worker, inline] = loop;
  if (worker && inline) {
    console.log(
      `Worker vs main thread, same run: longest stall ${fmt(worker.longestStallMs)} ms vs ${fmt(inline.longestStallMs)} ms ` +
        `(${fmt(inline.longestStallMs / worker.longestStallMs)}x shorter in the worker); ` +
        `${worker.requestsServed} vs ${inline.requestsServed} requests served meanwhile.`,
    );
    console.log(`Target: loop p99 under 20 ms on the default -> ${worker.loopP99Ms < 20 ? 'met' : 'NOT met'}`);
  }
}

if (runs('discovery')) {
  const discovery = await benchDiscovery();
  console.log(
    `\nDiscovery with ${SERVICES.toLocaleString()} services and ${REQUESTS.toLocaleString()} requests (first page, text + category + price + method)\n`,
  );
  console.table(
    discovery.map((r) => ({
      setup: r.setup,
      'p50 ms': fmt(r.p50),
      'p95 ms': fmt(r.p95),
      'p99 ms': fmt(r.p99),
      'listing req/s': r.rps ? Math.round(r.rps.listing) : '-',
      'trivial req/s': r.rps ? Math.round(r.rps.trivial) : '-',
      'listing / trivial': r.rps ? `${Math.round((r.rps.listing / r.rps.trivial) * 100)}%` : '-',
      'uncached page req/s': r.rps ? Math.round(r.rps.uncached) : '-',
      'same page via tRPC req/s': r.rps ? Math.round(r.rps.trpc) : '-',
    })),
  );
  if (!process.env.BENCH_DATABASE_URL)
    console.log('Set BENCH_DATABASE_URL=postgres://... to measure a PostgreSQL server too.');
}

if (runs('messaging')) {
  printMessaging(await benchMessaging(messagingOptions(process.argv.slice(2))));
}

if (runs('rooms')) {
  printRooms(await benchRooms(roomsOptions(process.argv.slice(2))));
}

if (runs('message-search')) {
  const total = (DIRECT_MESSAGES + ROOM_MESSAGES).toLocaleString();
  for (const run of await benchMessageSearch(messageSearchOptions(process.argv.slice(2)))) {
    console.log(
      `\nMessage search over ${total} messages, one member of many chats: ${run.setup} (seeded in ${fmt(run.seedSeconds)} s)\n`,
    );
    console.table(
      run.rows.map((r) => ({
        query: r.query,
        'p50 ms': fmt(r.p50),
        'p95 ms': fmt(r.p95),
        results: Number.isNaN(r.results) ? '' : r.results,
      })),
    );
    const overall = run.rows.at(-1)!;
    if (run.setup.startsWith('PostgreSQL'))
      console.log(
        `Goal: p95 at most 50 ms on PostgreSQL -> ${overall.p95 <= 50 ? 'met' : 'NOT met'} (${fmt(overall.p95)} ms)`,
      );
  }
  if (!process.env.BENCH_DATABASE_URL)
    console.log('Set BENCH_DATABASE_URL=postgres://... to measure a PostgreSQL server too (the goal is set there).');
}

if (runs('first-paint')) {
  const options = firstPaintOptions(process.argv.slice(2));
  const firstPaint = await benchFirstPaint(options);
  printFirstPaint(firstPaint);
  console.log(`\nWritten to ${writeFirstPaint(firstPaint, options.out)}`);
}
