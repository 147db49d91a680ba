/**
 * The two servers the rooms benchmark drives through one generator (load.ts): SkillNest (the working tree's
 * `npm start`, with server-stats.mjs preloaded beside count-sql.mjs) and the bare `ws` broadcast (bare-broadcast.ts,
 * its own process, the same preload).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { signUpTestUser } from '../messaging/test-users';
import type { RunningServer } from '../messaging/versions';
import { inBatches } from '../in-batches';
import { callError, type PreparedRoom, type RoomTarget, type ServerStats } from './load';

export const SERVER_STATS = path.join(import.meta.dirname, 'server-stats.mjs');
/** Sign-ups hash a password each: a few at a time. */
const SIGN_UP_CONCURRENCY = 6;

/** Asks a process that preloads server-stats.mjs for its figures since the last ask (and starts a new phase). */
function askStats(child: ChildProcess): () => Promise<ServerStats> {
  let asked = 0;
  return () =>
    new Promise((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => reject(new Error('server-stats.mjs did not answer')), 30_000);
      const onMessage = (m: { serverStats?: number } & ServerStats) => {
        if (m.serverStats !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve({ loop: m.loop, rssMb: m.rssMb, peakRssMb: m.peakRssMb });
      };
      child.on('message', onMessage);
      child.send({ serverStats: id, reset: true });
    });
}

export function skillNestTarget(server: RunningServer): RoomTarget {
  const { base } = server;
  // The server's errors, shown as they come (its log's errors go to stdout, as JSON): a failed send or markRead
  // tells its caller only "internal error".
  let errorLines = 0;
  const showErrors = (chunk: Buffer) => {
    for (const line of String(chunk).split('\n'))
      if (/error/i.test(line) && errorLines++ < 20) console.error(`  [SkillNest log] ${line.slice(0, 1500)}`);
  };
  server.process.stdout?.on('data', showErrors);
  server.process.stderr?.on('data', showErrors);
  async function trpc<T>(cookie: string, procedure: string, input: unknown): Promise<T> {
    const response = await fetch(`${base}/api/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as { result?: { data: T }; error?: unknown };
    if (!body.result) throw callError('SkillNest', procedure, body.error);
    return body.result.data;
  }
  return {
    label: 'SkillNest',
    wsUrl: `${base.replace('http', 'ws')}/api/trpc`,
    origin: base,
    async prepare(members, senders): Promise<PreparedRoom> {
      const run = Date.now().toString(36);
      const started = performance.now();
      const users = await inBatches(
        Array.from({ length: members }, (_, i) => i),
        SIGN_UP_CONCURRENCY,
        (i) => signUpTestUser(base, `bench-rooms-${run}-${i}@example.com`, `Member${i}`),
      );
      const creator = users[0]!.cookie;
      const room = await trpc<{ id: string }>(creator, 'rooms.create', {
        name: `Benchmark room ${run}`,
        description: `${members} members`,
        isPrivate: false,
      });
      const small = await trpc<{ id: string }>(creator, 'rooms.create', {
        name: `Benchmark senders ${run}`,
        description: `${senders} members`,
        isPrivate: false,
      });
      // Everyone joins before anyone listens: each join posts a notice, and 1,000 joins heard by up to 1,000
      // listeners would be half a million frames of setup.
      await inBatches(users.slice(1), SIGN_UP_CONCURRENCY, (user) => trpc(user.cookie, 'rooms.join', { id: room.id }));
      await inBatches(users.slice(1, senders), SIGN_UP_CONCURRENCY, (user) =>
        trpc(user.cookie, 'rooms.join', { id: small.id }),
      );
      console.error(
        `SkillNest: ${members} members signed up and joined in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      return { roomId: room.id, smallRoomId: small.id, headers: users.map((u) => ({ cookie: u.cookie })) };
    },
    stats: askStats(server.process),
    sql: () => server.sql(),
  };
}

export interface BareServer {
  target: RoomTarget;
  stop(): Promise<void>;
}

export async function startBareBroadcast(port: number): Promise<BareServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', SERVER_STATS, path.join(import.meta.dirname, 'bare-broadcast.ts'), String(port)],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare broadcast exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('listening')) resolve();
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  return {
    target: {
      label: 'bare ws',
      wsUrl: `${base.replace('http', 'ws')}/api/trpc`,
      origin: base,
      prepare: async (members) => ({
        roomId: '00000000-0000-4000-8000-000000000000',
        headers: Array.from({ length: members }, () => ({})),
      }),
      stats: askStats(child),
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
