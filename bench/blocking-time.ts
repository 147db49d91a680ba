/**
 * Blocking time of a page, versions side by side: `npx tsx bench/blocking-time.ts c8ef63c current [more refs]`
 * (`current` is the working tree). Each version's production build is seeded and started on its own port
 * (3621, 3622, ...); then, round after round, one fresh Chromium context per version opens the page at 390×844 with
 * the processor slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset) and no network
 * slowing, and the page's own `longtask` entries give the blocking time after first paint (each task's time over
 * 50 ms) until it is alive (`html[data-hydrated]`) and 1.5 s more. Lighthouse's performance score moves ~20 points
 * between runs here, mostly by its simulated LCP; this reads only the processor's share, interleaved so that a noisy
 * moment hits every version alike. `PAGE=/` (default `/discover-services`), `ROUNDS=10`.
 */
import { chromium } from 'playwright';
import { materialiseRef, snapshotWorkingTree, startServer } from './messaging/versions';

const refs = process.argv.slice(2);
if (refs.length === 0) throw new Error('Name the versions: git refs, or current for the working tree.');
const pagePath = process.env.PAGE ?? '/discover-services';
const rounds = Number(process.env.ROUNDS ?? 10);

const servers = [];
for (const [i, ref] of refs.entries()) {
  const version = ref === 'current' ? snapshotWorkingTree() : materialiseRef(ref);
  servers.push(await startServer(version, 3621 + i, undefined, [], { nodeEnv: 'production', seed: true }));
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

async function measure(base: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = { tasks: [] as [number, number][], fcp: 0 };
      Object.assign(window, { blockingSeen: seen });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(base + pagePath);
    await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(
      () => (window as unknown as { blockingSeen: { tasks: [number, number][]; fcp: number } }).blockingSeen,
    );
    return {
      blocking: seen.tasks.filter(([start]) => start >= seen.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      longTasks: seen.tasks.reduce((sum, [, d]) => sum + d, 0),
    };
  } finally {
    await context.close();
  }
}

const readings = refs.map(() => ({ blocking: [] as number[], longTasks: [] as number[] }));
for (let round = 0; round < rounds; round++) {
  for (const [i, server] of servers.entries()) {
    const { blocking, longTasks } = await measure(server.base);
    readings[i]!.blocking.push(Math.round(blocking));
    readings[i]!.longTasks.push(Math.round(longTasks));
  }
  console.log(`  round ${round + 1}/${rounds}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nBlocking time on ${pagePath}, 4× slowed processor, ${rounds} interleaved rounds\n`);
console.table(
  refs.map((ref, i) => ({
    version: ref,
    'blocking ms (median)': median(readings[i]!.blocking),
    'long tasks ms (median)': median(readings[i]!.longTasks),
    'blocking, each run': readings[i]!.blocking.join(' '),
  })),
);
await browser.close();
for (const server of servers) await server.stop();
