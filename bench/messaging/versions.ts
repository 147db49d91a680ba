/**
 * The two versions a messaging run compares: a git ref (the commit before a change) and the working tree as it is
 * now. Each gets its own folder under the temp dir (git state is never touched) and runs as its own server process,
 * exactly as `npm start` runs it, with a preload that counts the SQL statements it sends.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(os.tmpdir(), 'skillnest-bench');
/** What `npm start` hashes and builds from; everything else (tests, docs, data) stays out of the copy. */
const SOURCES = ['src', 'scripts', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
/** A first start builds the web bundle and two server bundles: minutes on a loaded two-core machine. */
const START_TIMEOUT_MS = 600_000;

export interface Version {
  label: string;
  root: string;
  /** How this version's web client sends a message; the load generator does the same. */
  sendOver: 'http' | 'socket';
}

/**
 * Read from the version's own sources (SOCKET_CALLS, in its web client or, since it went over the socket, in
 * src/domain/live-session.ts), so the load generator mirrors its web client.
 */
function sendOverOf(root: string): Version['sendOver'] {
  const sources = ['src/web/lib/trpc.ts', 'src/domain/live-session.ts'].map((file) =>
    existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '',
  );
  return sources.some((source) => /SOCKET_CALLS[^=]*= new Set\([^)]*'conversations\.send'/.test(source))
    ? 'socket'
    : 'http';
}

/**
 * The dependencies are the current tree's: each package is linked one by one (not the whole node_modules), so
 * whatever a build writes under node_modules (Vite's cache) lands in the copy, not in the shared tree.
 */
function linkDependencies(root: string) {
  const target = path.join(root, 'node_modules');
  if (existsSync(target)) return;
  mkdirSync(target);
  for (const name of readdirSync(path.join(REPO, 'node_modules'))) {
    if (name === '.vite' || name === '.cache') continue;
    symlinkSync(path.join(REPO, 'node_modules', name), path.join(target, name));
  }
}

/** `git archive` of the ref into a folder kept between runs (a ref's files never change; its build is kept too). */
export function materialiseRef(ref: string): Version {
  const commit = execFileSync('git', ['-C', REPO, 'rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' });
  const root = path.join(CACHE, `baseline-${commit.trim().slice(0, 12)}`);
  if (!existsSync(path.join(root, 'package.json'))) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    execFileSync('sh', ['-c', `git -C "$1" archive "$2" | tar -x -C "$3"`, 'sh', REPO, commit.trim(), root]);
  }
  linkDependencies(root);
  return { label: `before (${ref})`, root, sendOver: sendOverOf(root) };
}

/**
 * A copy of the working tree's build inputs, refreshed every run; its dist/ stays, so `npm start`'s own stamp
 * rebuilds only when a source changed. Building here keeps the shared tree's dist/ untouched.
 */
export function snapshotWorkingTree(): Version {
  const root = path.join(CACHE, 'current');
  mkdirSync(root, { recursive: true });
  for (const name of SOURCES) {
    rmSync(path.join(root, name), { recursive: true, force: true });
    cpSync(path.join(REPO, name), path.join(root, name), { recursive: true });
  }
  linkDependencies(root);
  return { label: 'now (working tree)', root, sendOver: sendOverOf(root) };
}

export interface SqlCount {
  statements: number;
  /** Statements by their first words (`select "session"`, `insert into "messages"`): where they come from. */
  byKind: Record<string, number>;
}

export interface RunningServer {
  base: string;
  /** The server's process, for preloads that answer over its IPC channel (bench/rooms/server-stats.mjs). */
  process: ChildProcess;
  /** Statements the server has sent to its database since it started. */
  sql(): Promise<SqlCount>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** `test` (default) runs the build with the test-only sign-up route; `production` the bundle users get. */
  nodeEnv?: 'test' | 'production';
  /** Fill the data folder with the demo marketplace (`npm run seed`) before the server starts. */
  seed?: boolean;
}

/**
 * The version's own `npm start` (scripts/start.mjs, test build: the test-only sign-up route, unless `nodeEnv` says
 * production), on a port and a data folder of its own, embedded PGlite unless `databaseUrl` is given. `preloads` are
 * more `node --import` modules, after count-sql.mjs.
 */
export async function startServer(
  version: Version,
  port: number,
  databaseUrl?: string,
  preloads: string[] = [],
  { nodeEnv = 'test', seed = false }: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skillnest-bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: nodeEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // The seed opens the embedded database itself, so it runs before the server takes the data folder's lock.
  if (seed) execFileSync('npx', ['tsx', 'src/server/db/seed.ts'], { cwd: version.root, env, stdio: 'pipe' });
  const child = spawn(
    process.execPath,
    [
      // For a profile of the server under the load: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      path.join(import.meta.dirname, 'count-sql.mjs'),
      ...preloads.flatMap((preload) => ['--import', preload]),
      'scripts/start.mjs',
    ],
    {
      cwd: version.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  // The last lines of output, for the error when it does not come up (a build that fails, a port in use).
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...String(chunk).split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${version.label} server exited:\n${tail.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${version.label} server did not start:\n${tail.join('\n')}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  let asked = 0;
  return {
    base,
    process: child,
    sql: () =>
      new Promise<SqlCount>((resolve) => {
        const id = ++asked;
        const onMessage = (m: { id: number } & SqlCount) => {
          if (m.id !== id) return;
          child.off('message', onMessage);
          resolve({ statements: m.statements, byKind: m.byKind });
        };
        child.on('message', onMessage);
        child.send({ id });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The difference between two counts: what happened between two marks. */
export function sqlBetween(before: SqlCount, after: SqlCount): SqlCount {
  const byKind: Record<string, number> = {};
  for (const [kind, n] of Object.entries(after.byKind)) {
    const d = n - (before.byKind[kind] ?? 0);
    if (d > 0) byKind[kind] = d;
  }
  return { statements: after.statements - before.statements, byKind };
}
