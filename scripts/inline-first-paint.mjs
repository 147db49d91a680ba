// What the first paint waits for, moved into index.html: the stylesheet and the theme script. On a school
// network each of them was one more round trip (400 ms) sharing 200 KB/s with the scripts and images; inline, the
// page paints as soon as its HTML arrives. The server allows the inline script by its hash (inline-scripts.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** index.html with its stylesheets (from dist/web/assets) and its same-origin classic scripts written in place. */
export function inlineFirstPaint(html, webDir) {
  const read = (href) => readFileSync(path.join(webDir, href.replace(/^\//, '')), 'utf8');
  return html
    .replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href) => {
      const css = read(href);
      // Relative url() in the stylesheet would resolve against the page, not /assets/, once inlined.
      if (/url\((?!["']?(?:data:|\/|https?:))/.test(css))
        throw new Error(`inline-first-paint: relative url() in ${href}`);
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<script src="(\/[^"/]+\.js)"><\/script>/g, (_tag, src) => {
      const script = read(src);
      if (/<\/script/i.test(script)) throw new Error(`inline-first-paint: ${src} cannot be inlined`);
      return `<script>${script.trim()}</script>`;
    });
}

/**
 * The app's scripts asked for at low priority: nothing on a rendered page waits for them to paint (module scripts run
 * after parsing), so on a school network the page's own HTML and its images go first. Lighthouse's simulation also
 * counts a high-priority script that happened to finish before the first paint as blocking it, which it never does.
 */
export function scriptsAfterPaint(html) {
  return html.replace(
    /<(?:script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '$& fetchpriority="low"',
  );
}
