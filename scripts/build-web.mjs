// After `vite build`: the steps that turn dist/web into what production serves (first paint).
//   node scripts/build-web.mjs [--web-dir dist/web] [--ssr-dir dist/ssr] [--skip-ssr]
// It builds the server's renderer of the public pages (src/web/entry-server.tsx, Vite's SSR build) into dist/ssr,
// beside dist/web, where the server looks for it (src/server/app.ts); --skip-ssr leaves it out (a test's miniature).
// It checks the size of what `/` loads first (scripts/initial-js.mjs) and fails over the limit, writes the stylesheet
// and the theme script into index.html and asks for the app's scripts at low priority (scripts/inline-first-paint.mjs).
// Then every text file gets a brotli (.br) and a gzip (.gz) twin at the highest levels, which the server's static
// plugin sends as they are (preCompressed): compressing once here costs seconds, on every request it would cost CPU.
// Beside the renderer it writes dist/ssr/lazy-chunks.json, the scripts each lazy module needs (scripts/lazy-chunks.mjs).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { inlineFirstPaint, scriptsAfterPaint } from './inline-first-paint.mjs';
import { lazyChunkMap } from './lazy-chunks.mjs';
import { INITIAL_JS_LIMIT_BYTES, kilobytes, measureInitialJs } from './initial-js.mjs';

const { values } = parseArgs({
  options: { 'web-dir': { type: 'string' }, 'ssr-dir': { type: 'string' }, 'skip-ssr': { type: 'boolean' } },
});
const webDir = values['web-dir'] ?? 'dist/web';
const ssrDir = path.resolve(values['ssr-dir'] ?? path.join(webDir, '..', 'ssr'));

const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

// The first thing a visitor waits for: what `/` downloads before it runs. A change that grows it fails the build.
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'));
const initial = measureInitialJs(webDir, manifest);
console.log(
  `build-web: initial JavaScript for / is ${kilobytes(initial.total)} gzipped in ${initial.chunks.length} files ` +
    `(limit ${kilobytes(INITIAL_JS_LIMIT_BYTES)})`,
);
if (initial.total > INITIAL_JS_LIMIT_BYTES) {
  for (const chunk of initial.chunks) console.error(`  ${kilobytes(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  console.error(
    'build-web: the initial JavaScript for / is over its limit; load what the first screen does not need lazily.',
  );
  process.exit(1);
}

// The stylesheet and the theme script inside index.html, before its compressed twins are written.
const indexHtml = path.join(webDir, 'index.html');
writeFileSync(indexHtml, scriptsAfterPaint(inlineFirstPaint(readFileSync(indexHtml, 'utf8'), webDir)));

let written = 0;
for (const file of [...filesUnder(webDir)]) {
  if (!TEXT_FILE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const content = readFileSync(file);
  const twins = {
    '.br': brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    '.gz': gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [extension, compressed] of Object.entries(twins)) {
    // A twin no smaller than the file (a tiny one) would only cost a lookup; the server compresses or skips it.
    if (compressed.length >= content.length) continue;
    writeFileSync(file + extension, compressed);
    written += 1;
  }
}
console.log(`build-web: ${written} precompressed files in ${webDir}`);

if (!values['skip-ssr']) {
  // Always React's production JSX (it runs under a test server's React too): a renderer built under NODE_ENV=test
  // calls jsxDEV, which production React lacks, and the e2e build shares dist/ssr with npm start's.
  process.env.NODE_ENV = 'production';
  await build({
    configFile: 'vite.config.ts',
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  // What each lazily loaded module needs, for the renderer to name in the page (scripts/lazy-chunks.mjs).
  const ssrManifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'ssr-manifest.json'), 'utf8'));
  writeFileSync(path.join(ssrDir, 'lazy-chunks.json'), JSON.stringify(lazyChunkMap(manifest, ssrManifest)));
  console.log(`build-web: the server's page renderer is in ${path.relative('.', ssrDir) || ssrDir}`);
}
