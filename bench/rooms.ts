/**
 * Chat rooms under load: one room with `--members` subscribed members, each on its own
 * WebSocket, and `--senders` of them posting, first at a chat's pace, then as fast as they can; measured on the
 * working tree's server (`npm start`, test build, embedded PGlite) and, in the same run, on a bare `ws` broadcast
 * server of the same shape (bench/rooms/bare-broadcast.ts), through the same generator (bench/rooms/load.ts).
 *
 *   npm run bench -- rooms [--members 1000] [--senders 10] [--paced-seconds 20] [--closed-seconds 10]
 *                          [--gap-ms 3000] [--port 3481] [--only skillnest|bare]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { snapshotWorkingTree, startServer } from './messaging/versions';
import { runRoomsLoad, type RoomsLoadResult } from './rooms/load';
import { SERVER_STATS, skillNestTarget, startBareBroadcast } from './rooms/targets';

export const ROOMS_USAGE =
  'npm run bench -- rooms [--members 1000] [--senders 10] [--paced-seconds 20] [--closed-seconds 10] ' +
  '[--gap-ms 3000] [--port 3481] [--only skillnest|bare]';

export function roomsOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      members: { type: 'string', default: '1000' },
      senders: { type: 'string', default: '10' },
      'paced-seconds': { type: 'string', default: '20' },
      'closed-seconds': { type: 'string', default: '10' },
      'gap-ms': { type: 'string', default: '3000' },
      port: { type: 'string', default: '3481' },
      only: { type: 'string' },
    },
  });
  const int = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number. ${ROOMS_USAGE}`);
    return n;
  };
  const only = values.only;
  if (only !== undefined && only !== 'skillnest' && only !== 'bare') throw new Error(`--only skillnest|bare`);
  const members = int('members');
  // 150 sockets per loopback address (127.0.0.2 ...): the server admits 200 per address.
  if (members > 150 * 250) throw new Error(`--members at most ${150 * 250}`);
  return {
    members,
    senders: Math.min(int('senders'), members),
    pacedSeconds: int('paced-seconds'),
    closedSeconds: int('closed-seconds'),
    gapMs: int('gap-ms'),
    port: int('port'),
    only: only as 'skillnest' | 'bare' | undefined,
  };
}
export type RoomsOptions = ReturnType<typeof roomsOptions>;

export async function benchRooms(options: RoomsOptions) {
  const started = performance.now();
  const loadBefore = os.loadavg()[0]!;
  const results: RoomsLoadResult[] = [];
  // One server at a time, so neither weighs on the other's figures. The bare broadcast first: it is quick.
  if (options.only !== 'skillnest') {
    const bare = await startBareBroadcast(options.port + 1);
    try {
      results.push(await runRoomsLoad(bare.target, options));
    } finally {
      await bare.stop();
    }
  }
  if (options.only !== 'bare') {
    const server = await startServer(snapshotWorkingTree(), options.port, undefined, [SERVER_STATS]);
    try {
      results.push(await runRoomsLoad(skillNestTarget(server), options));
    } finally {
      await server.stop();
    }
  }
  return {
    options,
    results,
    wallSeconds: (performance.now() - started) / 1000,
    loadAverage: [loadBefore, os.loadavg()[0]!] as const,
  };
}
