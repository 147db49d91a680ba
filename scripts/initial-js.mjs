// What a first visit to `/` downloads before the page can run: the entry chunk of index.html and every chunk it
// imports statically (the modulepreloads), transitively, read from Vite's build manifest; dynamic imports (the
// lazy routes, dialogs, maps) are not counted. Sizes are gzip -9, what the server sends to a browser without brotli.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryKeyOf, staticClosure } from './lazy-chunks.mjs';

/**
 * What the build refuses above: React itself and the app's first screen (docs/decisions/012-react.md). Measured:
 * 230.1 KB before the first-paint work, 145.7 KB on React 19 after every split the first screen allows (React DOM
 * alone is 67 KB of it). Grow it only by deciding so in a decision record.
 */
export const INITIAL_JS_LIMIT_BYTES = 150 * 1024;

/** @returns {{ total: number, chunks: { file: string, gzipBytes: number }[] }} */
export function measureInitialJs(webDir, manifest) {
  const chunks = [...staticClosure(manifest, entryKeyOf(manifest))]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { total: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0), chunks };
}

export const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
