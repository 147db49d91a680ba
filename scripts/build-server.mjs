// Bundles the server (and the PGlite worker beside it); node_modules stay external.
//   node scripts/build-server.mjs                  production bundle in dist/server, without the test-only route
//   node scripts/build-server.mjs --test-routes    the same with the test-only route, in dist/server-test (e2e)
//   --outdir <dir>                                 somewhere else (the security battery builds into a temp folder)
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { 'test-routes': { type: 'boolean' }, outdir: { type: 'string' } } });
const testRoutes = values['test-routes'] === true;
const outdir = values.outdir ?? (testRoutes ? 'dist/server-test' : 'dist/server');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Server-side only (never served): stack traces point at the sources.
  sourcemap: true,
  // app.ts imports the test-only route behind this constant; false drops the branch and the module with it.
  define: { SKILLNEST_TEST_ROUTES: String(testRoutes) },
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', path.join(outdir, 'migrations'), { recursive: true });

if (!testRoutes) {
  // The check: a production bundle that still holds the route (a refactor that defeats the constant) fails the build.
  for (const file of readdirSync(outdir).filter((f) => f.endsWith('.js'))) {
    if (readFileSync(path.join(outdir, file), 'utf8').includes('/api/test/')) {
      console.error(`${path.join(outdir, file)} contains the test-only route; the production build must not.`);
      process.exit(1);
    }
  }
}
