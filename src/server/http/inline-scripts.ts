import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources of the scripts written into a page (the theme script the build inlines into
 * index.html, scripts/inline-first-paint.mjs): each allowed by its SHA-256, so the policy still refuses every other
 * inline script, such as one a user's text might smuggle in. Data blocks (a JSON type) never run and need none.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes!) || /type="application\/json"/.test(attributes!)) continue;
    sources.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}
