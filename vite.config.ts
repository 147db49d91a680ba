import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig } from 'vite';
import { lazyModuleKeys } from './scripts/vite-lazy-module-keys.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** Vite's logger without its proxy errors' stack traces: the proxy says in one line that the API is not up yet. */
const logger = createLogger();
const logError = logger.error.bind(logger);
logger.error = (message, options) => {
  if (!/(http|ws) proxy error/.test(message)) logError(message, options);
};

export default defineConfig(({ isSsrBuild }) => ({
  customLogger: logger,
  root: 'src/web',
  publicDir: 'public',
  // lazyModuleKeys: the renderer's build only (scripts/vite-lazy-module-keys.ts).
  plugins: [react(), tailwindcss(), lazyModuleKeys({ root: path.resolve('src/web') })],
  resolve: {
    alias: [
      // The server's renderer (scripts/build-web.mjs builds src/web/entry-server.tsx into dist/ssr): Leaflet cannot
      // load without a window, and the server draws no map (src/web/app/leaflet-on-server.ts).
      // In the browser, zod without its eval probe, which the Content-Security-Policy refuses
      // (src/web/lib/zod-without-eval.ts).
      isSsrBuild
        ? { find: /^leaflet$/, replacement: path.resolve('src/web/app/leaflet-on-server.ts') }
        : { find: /^zod$/, replacement: path.resolve('src/web/lib/zod-without-eval.ts') },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Source maps would publish the original sources next to the bundle; the server refuses *.map in production too.
    sourcemap: false,
    // .vite/manifest.json: scripts/build-web.mjs sums the initial JavaScript of `/` from it. The SSR manifest says
    // which chunk holds each module, for the renderer to name a page's own scripts (scripts/lazy-chunks.mjs).
    manifest: true,
    ssrManifest: !isSsrBuild,
    rollupOptions: {
      // tRPC's client has no side effects as it loads, but does not say so: told here, the bundler leaves its socket
      // code (which the index re-exports) out of the first load, for src/web/lib/trpc.ts to load at the first
      // subscription.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/node_modules/@trpc/client/') },
      // Fewer, larger scripts: on a school network (HTTP/1.1, 400 ms a round trip) each file is a request to wait for,
      // and Lighthouse's simulation charges each to the largest paint (docs/decisions/010-fewer-scripts-less-at-start.md).
      // What `/` runs first is one chunk (it was fourteen); a module shared by lazy pages goes with the others the same
      // pages share, and a group under 1 KB joins its nearest neighbour (a listing: 34 scripts -> 26, 2 KB less).
      output: isSsrBuild
        ? {}
        : {
            // A shared group is named after every page it serves; its file, only after its content.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith('parts') ? 'assets/parts-[hash].js' : 'assets/[name]-[hash].js',
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                { name: 'parts', minShareCount: 2, priority: 1, entriesAware: true, entriesAwareMergeThreshold: 1024 },
              ],
            },
          },
    },
  },
  server: {
    port: 5173,
    // Same origin in development too: the API (and its cookies) is proxied.
    proxy: {
      '/api': {
        target: `http://localhost:${apiPort}`,
        changeOrigin: false,
        ws: true,
        // While the API is still starting (or restarting after an edit), one line and a 503, not a stack trace.
        configure: (proxy) => {
          proxy.on('error', (error, _request, response) => {
            console.log(`API not answering yet (${(error as NodeJS.ErrnoException).code ?? error.message})`);
            if ('writeHead' in response && !response.headersSent) {
              response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"The API is starting"}');
            }
          });
        },
      },
    },
  },
}));
