// Preloaded into a benchmarked server (node --import), after count-sql.mjs: its event-loop delay histogram and its
// resident memory (sampled every 50 ms, the peak kept), reported over the IPC channel the bench started it with.
// `{ serverStats: n, reset: true }` answers the figures since the last reset, then starts a new phase.
// (count-sql.mjs answers messages carrying `id`; these carry `serverStats`, so neither answers the other's.)
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);
sampler.unref();

const ms = (ns) => ns / 1e6;

process.on('message', (message) => {
  if (!message || typeof message.serverStats !== 'number') return;
  const rss = process.memoryUsage.rss();
  peakRss = Math.max(peakRss, rss);
  process.send?.({
    serverStats: message.serverStats,
    loop: {
      p50: ms(loop.percentile(50)),
      p99: ms(loop.percentile(99)),
      max: ms(loop.max),
      mean: ms(loop.mean),
    },
    rssMb: rss / 1024 / 1024,
    peakRssMb: peakRss / 1024 / 1024,
  });
  if (message.reset) {
    loop.reset();
    peakRss = rss;
  }
});
// The IPC channel must not keep a server alive that is shutting down.
process.channel?.unref();
