import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('allows each inline script by the hash of exactly its text, once', () => {
    const theme = "(function () { document.documentElement.classList.toggle('dark', true); })();";
    const html = `<head><script>${theme}</script><script>${theme}</script></head>`;
    expect(inlineScriptSources(html)).toEqual([sha(theme)]);
    // One character more is another script, which the policy refuses.
    expect(inlineScriptSources(html)).not.toContain(sha(`${theme} `));
  });

  it('leaves out scripts loaded from a file and JSON data blocks, which need no hash', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<script type="application/json" id="__SKILLNEST_STATE__">{"a":1}</script>';
    expect(inlineScriptSources(html)).toEqual([]);
  });
});
