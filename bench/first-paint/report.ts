/** The first-paint benchmark's tables, each figure beside its goal, and its JSON record under bench/results/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FirstPaintResult } from '../first-paint';
import { LIGHTHOUSE_CATEGORIES } from './lighthouse';

const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`);
const verdict = (ok: boolean | null) => (ok === null ? '' : ok ? ' ok' : ' MISSED');
const atMost = (value: number | null, goal: number) => verdict(value === null ? false : value <= goal);
const atLeast = (value: number | null, goal: number) => verdict(value === null ? false : value >= goal);

export function printFirstPaint(result: FirstPaintResult) {
  const { goals, network, options, load } = result;
  const measured = result.pages.filter((p) => p.paint);
  if (measured.length > 0) {
    console.log(
      `\nFirst paint, ${result.label}: Chromium ${options.viewport.width}x${options.viewport.height}, ` +
        `${network.latencyMs} ms latency, ${network.bytesPerSecond / 1024} KB/s both ways, cache disabled, ` +
        `median of ${options.runs} (goals: FCP <= ${goals.fcpMs / 1000} s, LCP <= ${goals.lcpMs / 1000} s)\n`,
    );
    console.table(
      measured.map(({ name, path: page, paint }) => ({
        page: name,
        path: page,
        FCP: seconds(paint!.fcpMs) + atMost(paint!.fcpMs, goals.fcpMs),
        LCP: seconds(paint!.lcpMs) + atMost(paint!.lcpMs, goals.lcpMs),
        'FCP runs': paint!.runs.map((r) => seconds(r.fcpMs)).join(', '),
        'LCP runs': paint!.runs.map((r) => seconds(r.lcpMs)).join(', '),
        'LCP element': paint!.runs.at(-1)?.lcpElement ?? '-',
        alive: seconds(paint!.aliveMs),
      })),
    );
  }

  const scored = result.pages.filter((p) => p.lighthouse);
  if (scored.length > 0) {
    console.log(
      `\nLighthouse mobile preset (simulated throttling), ${result.label}: median of ` +
        `${options.lighthouseRuns} (goal: performance >= ${goals.lighthouseScores.performance}, the others 100)\n`,
    );
    console.table(
      scored.map(({ name, lighthouse }) => ({
        page: name,
        ...Object.fromEntries(
          LIGHTHOUSE_CATEGORIES.map((id) => [
            id,
            `${lighthouse!.scores[id] ?? '-'}${atLeast(lighthouse!.scores[id], goals.lighthouseScores[id])}`,
          ]),
        ),
        'LH FCP': seconds(lighthouse!.fcpMs),
        'LH LCP': seconds(lighthouse!.lcpMs),
        'LH TBT': lighthouse!.tbtMs === null ? '-' : `${Math.round(lighthouse!.tbtMs)} ms`,
      })),
    );
    for (const { name, lighthouse } of scored) {
      const lost = LIGHTHOUSE_CATEGORIES.map((id) => {
        const audits = [...new Set(lighthouse!.runs.flatMap((r) => r.failing[id]))];
        return audits.length ? `${id}: ${audits.join(', ')}` : '';
      }).filter(Boolean);
      if (lost.length) console.log(`  ${name} loses points on ${lost.join('; ')}`);
    }
  }
  console.log(`\nMachine load (1 min) ${load.before.toFixed(1)} -> ${load.after.toFixed(1)}`);
}

/** bench/results/ is not committed: the README keeps the figures worth keeping. */
export function writeFirstPaint(result: FirstPaintResult, out?: string): string {
  const file =
    out ??
    path.join(
      import.meta.dirname,
      '..',
      'results',
      `first-paint-${result.date.replace(/[:.]/g, '-').slice(0, 19)}.json`,
    );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
