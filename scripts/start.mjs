// npm start: build the app when its sources changed since the last build, then run the server in this process.
// The stamp is a hash of every input of the build, so an edited file always triggers a rebuild.
// With NODE_ENV=test (the e2e suite) it runs a second server bundle that includes the test-only route; the
// production bundle (dist/server) never contains it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'src',
  'package-lock.json',
  'package.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/build-web.mjs',
  'tsconfig.json',
];
const testBuild = process.env.NODE_ENV === 'test';
const STAMP = testBuild ? 'dist/.build-stamp-test' : 'dist/.build-stamp';
const serverDir = testBuild ? 'dist/server-test' : 'dist/server';

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(input)) {
    if (/\.(test|integration\.test)\.tsx?$/.test(file)) continue;
    hash.update(file).update(readFileSync(file));
  }
}
const stamp = hash.digest('hex');

const upToDate =
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8') === stamp &&
  existsSync(path.join(serverDir, 'main.js')) &&
  existsSync('dist/web/index.html') &&
  existsSync('dist/ssr/entry-server.js');
/**
 * A build's own output (npm's banners, Vite's table of chunks) is a screenful nobody starting the app reads: it is
 * kept and shown only when the build fails.
 */
function quietly(script) {
  const run = spawnSync('npm', ['run', '--silent', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status === 0) return;
  process.stdout.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  console.error(run.error ? `Could not run the build: ${run.error.message}` : `The build failed (npm run ${script}).`);
  process.exit(run.status || 1);
}

if (!upToDate) {
  console.log('Building SkillNest (first start or changed sources; a minute or two)...');
  quietly('build');
  if (testBuild) quietly('build:test-server');
  writeFileSync(STAMP, stamp);
}
await import(path.resolve(serverDir, 'main.js'));
