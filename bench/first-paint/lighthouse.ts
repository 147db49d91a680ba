/**
 * Lighthouse's four category scores for a page, with its default config: the mobile preset (a mid-range phone, a
 * simulated slow 4G connection), driving Debian's Chromium through chrome-launcher.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseRun {
  /** 0–100, as Lighthouse's report shows them; null when a category could not be scored. */
  scores: Record<LighthouseCategory, number | null>;
  /** Lighthouse's own (simulated) paints, beside the throttled browser's measured ones. */
  fcpMs: number | null;
  lcpMs: number | null;
  /** Total blocking time: the main thread's long tasks between the first paint and the page answering input. */
  tbtMs: number | null;
  /** The audits that cost points, per category, so a low score says where to look. */
  failing: Record<LighthouseCategory, string[]>;
}

export interface LighthouseBrowser {
  run(url: string): Promise<LighthouseRun>;
  close(): Promise<void>;
}

export async function startLighthouse(chromePath: string): Promise<LighthouseBrowser> {
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'], logLevel: 'silent' });
  return {
    async run(url) {
      const audit = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        });
      let result = await audit();
      // Lighthouse itself asks for another run when its trace recording fails (NO_NAVSTART and friends): once.
      if (result?.lhr.runtimeError) result = await audit();
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const scores = {} as LighthouseRun['scores'];
      const failing = {} as LighthouseRun['failing'];
      for (const id of LIGHTHOUSE_CATEGORIES) {
        const category = lhr.categories[id];
        scores[id] = category?.score == null ? null : Math.round(category.score * 100);
        failing[id] = (category?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
          .map((audit) => audit!.id);
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
      return {
        scores,
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        failing,
      };
    },
    async close() {
      chrome.kill();
    },
  };
}
