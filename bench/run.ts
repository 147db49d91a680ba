/** npm run bench: every benchmark, printed as a table. Figures are from one run; compare ratios, not seconds. */
import { benchEventLoop } from './event-loop';

const fmt = (n: number) => n.toFixed(1);

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
