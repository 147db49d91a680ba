/**
 * First and largest contentful paint of one page as a first visit on a school network: a fresh browser context (no
 * cache, no cookies), the network slowed through CDP, and the browser's own paint timings read after the page has
 * settled.
 */
import type { Browser } from '@playwright/test';

/** The school network: what a Chromebook got on the school's connection. */
export const SCHOOL_NETWORK = { latencyMs: 400, bytesPerSecond: 200 * 1024 } as const;

export interface Viewport {
  width: number;
  height: number;
}

export interface PaintTimings {
  fcpMs: number | null;
  lcpMs: number | null;
  /** What the largest paint was (tag and a little text or the image's name): a number alone hides a wrong element. */
  lcpElement: string | null;
  /**
   * When the app had taken the page over (Providers sets `data-hydrated` on <html>): from then on a press does what
   * it says. Paint shows the page; this is when it answers.
   */
  aliveMs: number | null;
}

/** How long a page may take to go quiet on the slowed network before its timings are read anyway. */
const SETTLE_TIMEOUT_MS = 30_000;
/** Largest contentful paint keeps updating while late content arrives; this quiet time lets the last one land. */
const AFTER_IDLE_MS = 1_000;

export async function measurePaint(browser: Browser, url: string, viewport: Viewport): Promise<PaintTimings> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  try {
    // Set before the page's own scripts run; no named functions inside (see below).
    await context.addInitScript(() => {
      // <html> may not exist yet: the whole document is watched.
      new MutationObserver((_records, observer) => {
        if (!document.documentElement?.dataset.hydrated) return;
        (window as { __aliveAt?: number }).__aliveAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SCHOOL_NETWORK.latencyMs,
      downloadThroughput: SCHOOL_NETWORK.bytesPerSecond,
      uploadThroughput: SCHOOL_NETWORK.bytesPerSecond,
    });
    await page.goto(url, { waitUntil: 'load', timeout: SETTLE_TIMEOUT_MS * 2 });
    // A live socket does not count as network activity, so a page that only holds its socket does go idle.
    await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
    await page.waitForTimeout(AFTER_IDLE_MS);
    // No named functions inside: tsx keeps names with a helper (__name) that does not exist in the page.
    return await page.evaluate(
      () =>
        new Promise<PaintTimings>((resolve) => {
          const timings: PaintTimings = {
            fcpMs: null,
            lcpMs: null,
            lcpElement: null,
            aliveMs: (window as { __aliveAt?: number }).__aliveAt ?? null,
          };
          new PerformanceObserver((list) => {
            const fcp = list.getEntriesByName('first-contentful-paint')[0];
            if (fcp) timings.fcpMs = fcp.startTime;
          }).observe({ type: 'paint', buffered: true });
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as
              (PerformanceEntry & { element?: Element | null; url: string }) | undefined;
            if (!last) return;
            timings.lcpMs = last.startTime;
            const text = (last.element?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
            const name = last.url ? last.url.split('/').pop() : text;
            timings.lcpElement = last.element
              ? `<${last.element.tagName.toLowerCase()}> ${name}`.trim()
              : last.url || null;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // Buffered entries are delivered in a task after observe(): give them one.
          setTimeout(() => resolve(timings), 100);
        }),
    );
  } finally {
    await context.close();
  }
}
