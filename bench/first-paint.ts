/**
 * First paint on a school network: `/`, `/discover-services` and a service page, each opened as a first
 * visit in Chromium with the network slowed to 400 ms latency and 200 KB/s both ways (CDP), cache disabled, reporting
 * first and largest contentful paint (the median of `--runs`); then Lighthouse's mobile preset on the same pages for
 * performance, accessibility, best practices and SEO (the median score of `--lighthouse-runs`).
 *
 * Against `--base-url` (or BASE_URL) when given; otherwise it builds and starts the working tree's production bundle
 * on `--port` with the demo marketplace seeded (bench/messaging/versions.ts: a copy under the temp dir, never the
 * shared tree's dist/ or data/).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { LISTING_PATHS } from '../src/domain/listing-filters';
import { LIGHTHOUSE_CATEGORIES, startLighthouse, type LighthouseRun } from './first-paint/lighthouse';
import { measurePaint, SCHOOL_NETWORK, type PaintTimings, type Viewport } from './first-paint/paint';
import { materialiseRef, snapshotWorkingTree, startServer, type RunningServer } from './messaging/versions';

/** Performance at least 90 (React's own floor is most of the first script); the other three categories 100. */
export const FIRST_PAINT_GOALS = {
  fcpMs: 1500,
  lcpMs: 2500,
  lighthouseScores: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 },
} as const;

const FIRST_PAINT_USAGE =
  'Options: --runs 3 --lighthouse-runs 3 --base-url http://host:port (or BASE_URL; default: start the working tree) ' +
  '--ref <git ref> (start that commit instead: a before figure from the same session) ' +
  '--port 3491 --viewport 390x844 --only paint|lighthouse --label text --out file.json';

export function firstPaintOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      runs: { type: 'string', default: '3' },
      'lighthouse-runs': { type: 'string' },
      'base-url': { type: 'string' },
      ref: { type: 'string' },
      port: { type: 'string', default: '3491' },
      viewport: { type: 'string', default: '390x844' },
      only: { type: 'string' },
      label: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const int = (name: string, value: unknown) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`--${name} must be a positive whole number. ${FIRST_PAINT_USAGE}`);
    return n;
  };
  const viewport = /^(\d+)x(\d+)$/.exec(String(values.viewport));
  if (!viewport) throw new Error(`--viewport must be WIDTHxHEIGHT. ${FIRST_PAINT_USAGE}`);
  const only = values.only;
  if (only !== undefined && only !== 'paint' && only !== 'lighthouse') throw new Error('--only paint|lighthouse');
  const runs = int('runs', values.runs);
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'] : process.env.BASE_URL;
  return {
    runs,
    lighthouseRuns: values['lighthouse-runs'] === undefined ? runs : int('lighthouse-runs', values['lighthouse-runs']),
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    ref: typeof values.ref === 'string' ? values.ref : undefined,
    port: int('port', values.port),
    viewport: { width: Number(viewport[1]), height: Number(viewport[2]) } satisfies Viewport,
    only: only as 'paint' | 'lighthouse' | undefined,
    label: typeof values.label === 'string' ? values.label : undefined,
    out: typeof values.out === 'string' ? values.out : undefined,
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}

export type FirstPaintOptions = ReturnType<typeof firstPaintOptions>;

export interface PageResult {
  name: string;
  path: string;
  paint: { runs: PaintTimings[]; fcpMs: number | null; lcpMs: number | null; aliveMs: number | null } | null;
  lighthouse: {
    runs: LighthouseRun[];
    scores: Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number | null>;
    fcpMs: number | null;
    lcpMs: number | null;
    tbtMs: number | null;
  } | null;
}

export interface FirstPaintResult {
  label: string;
  baseUrl: string;
  date: string;
  options: Omit<FirstPaintOptions, 'out'>;
  network: typeof SCHOOL_NETWORK;
  goals: typeof FIRST_PAINT_GOALS;
  /** The machine's 1-minute load average before and after: paints on a busy 2-core machine come later. */
  load: { before: number; after: number };
  pages: PageResult[];
}

/** The median of what was measured; a run that saw no paint at all does not count as a fast one. */
export function median(values: (number | null)[]): number | null {
  if (values.some((v) => v === null) || values.length === 0) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The service page measured is the first card of `/discover-services`: the listing route that page reads. */
async function firstServicePath(base: string): Promise<string> {
  const response = await fetch(`${base}${LISTING_PATHS.services}`);
  if (!response.ok) throw new Error(`${LISTING_PATHS.services}: ${response.status}`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  const first = items[0];
  if (!first) throw new Error(`No service at ${base}: seed it first (npm run seed with the server stopped).`);
  return `/services/${first.id}`;
}

export async function benchFirstPaint(options: FirstPaintOptions): Promise<FirstPaintResult> {
  let server: RunningServer | undefined;
  if (!options.baseUrl) {
    const version = options.ref ? materialiseRef(options.ref) : snapshotWorkingTree();
    console.log(`Building and starting ${version.label}'s production bundle on port ${options.port}...`);
    server = await startServer(version, options.port, undefined, [], {
      nodeEnv: 'production',
      seed: true,
    });
  }
  const base = options.baseUrl ?? server!.base;
  const loadBefore = os.loadavg()[0]!;
  try {
    const pages: PageResult[] = [
      { name: 'landing', path: '/', paint: null, lighthouse: null },
      { name: 'discover', path: '/discover-services', paint: null, lighthouse: null },
      { name: 'service', path: await firstServicePath(base), paint: null, lighthouse: null },
    ];

    if (options.only !== 'lighthouse') {
      const browser = await chromium.launch({ executablePath: options.chromiumPath });
      try {
        for (const page of pages) {
          const runs: PaintTimings[] = [];
          for (let i = 0; i < options.runs; i++) {
            runs.push(await measurePaint(browser, base + page.path, options.viewport));
            console.log(`  paint ${page.name} ${i + 1}/${options.runs}`);
          }
          page.paint = {
            runs,
            fcpMs: median(runs.map((r) => r.fcpMs)),
            lcpMs: median(runs.map((r) => r.lcpMs)),
            aliveMs: median(runs.map((r) => r.aliveMs)),
          };
        }
      } finally {
        await browser.close();
      }
    }

    if (options.only !== 'paint') {
      const lighthouse = await startLighthouse(options.chromiumPath);
      try {
        for (const page of pages) {
          const runs: LighthouseRun[] = [];
          for (let i = 0; i < options.lighthouseRuns; i++) {
            runs.push(await lighthouse.run(base + page.path));
            console.log(`  lighthouse ${page.name} ${i + 1}/${options.lighthouseRuns}`);
          }
          const scores = Object.fromEntries(
            LIGHTHOUSE_CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]),
          ) as Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number | null>;
          page.lighthouse = {
            runs,
            scores,
            fcpMs: median(runs.map((r) => r.fcpMs)),
            lcpMs: median(runs.map((r) => r.lcpMs)),
            tbtMs: median(runs.map((r) => r.tbtMs)),
          };
        }
      } finally {
        await lighthouse.close();
      }
    }

    const { out: _out, ...recorded } = options;
    return {
      label: options.label ?? (server ? 'working tree' : base),
      baseUrl: base,
      date: new Date().toISOString(),
      options: recorded,
      network: SCHOOL_NETWORK,
      goals: FIRST_PAINT_GOALS,
      load: { before: loadBefore, after: os.loadavg()[0]! },
      pages,
    };
  } finally {
    await server?.stop();
  }
}
