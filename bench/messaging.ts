/**
 * Messaging, before and after, from one run: a git ref (default c108914, before the messaging work) and the working
 * tree each run as their own server (`npm start`, test build, embedded PGlite unless --database-url), measured by
 * two real browsers at a chat's pace (bench/messaging-browsers.ts) and by the load generator (bench/messaging/load.ts).
 *
 *   npm run bench -- messaging [--baseline c108914] [--conversations 200] [--messages 10] [--gap-ms 2000]
 *                              [--browser-messages 20] [--browser-gap-ms 1500] [--only browsers|load]
 *                              [--send-over http|socket]  (both versions' load sent one way; default: as each
 *                                                          version's web client sends)
 *                              [--database-url postgres://user@host:port/postgres] [--port 3471]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runBrowsers, type BrowserResult } from './messaging-browsers';
import { runLoad } from './messaging/load';
import {
  materialiseRef,
  snapshotWorkingTree,
  startServer,
  type RunningServer,
  type Version,
} from './messaging/versions';

export const MESSAGING_USAGE =
  'npm run bench -- messaging [--baseline c108914] [--conversations 200] [--messages 10] [--gap-ms 2000] ' +
  '[--browser-messages 20] [--browser-gap-ms 1500] [--only browsers|load] [--send-over http|socket] ' +
  '[--database-url postgres://...] [--port 3471]';

export function messagingOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      baseline: { type: 'string', default: 'c108914' },
      conversations: { type: 'string', default: '200' },
      messages: { type: 'string', default: '10' },
      'gap-ms': { type: 'string', default: '2000' },
      'browser-messages': { type: 'string', default: '20' },
      'browser-gap-ms': { type: 'string', default: '1500' },
      only: { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string', default: '3471' },
      'send-over': { type: 'string' },
    },
  });
  const int = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`--${name} must be a positive whole number. ${MESSAGING_USAGE}`);
    return n;
  };
  const only = values.only;
  if (only !== undefined && only !== 'browsers' && only !== 'load') throw new Error(`--only browsers|load`);
  const sendOver = values['send-over'];
  if (sendOver !== undefined && sendOver !== 'http' && sendOver !== 'socket')
    throw new Error(`--send-over http|socket`);
  return {
    baseline: String(values.baseline),
    conversations: int('conversations'),
    messagesPerConversation: int('messages'),
    pacedGapMs: int('gap-ms'),
    browserMessages: int('browser-messages'),
    browserGapMs: int('browser-gap-ms'),
    only,
    /** The load generator sends this way for both versions, instead of as each version's web client does. */
    sendOver: sendOver as Version['sendOver'] | undefined,
    databaseUrl: typeof values['database-url'] === 'string' ? values['database-url'] : undefined,
    port: int('port'),
  };
}
export type MessagingOptions = ReturnType<typeof messagingOptions>;

/**
 * A PostgreSQL database of its own for each server start (created, then dropped), so both versions start empty and
 * their migrations never meet.
 */
async function withDatabase<T>(serverUrl: string | undefined, work: (url?: string) => Promise<T>): Promise<T> {
  if (!serverUrl) return work();
  const name = `bench_messaging_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function benchMessaging(options: MessagingOptions) {
  const started = performance.now();
  // Other work on the machine moves every figure; the report shows how busy it was.
  const loadBefore = os.loadavg()[0]!;
  const versions: Version[] = [materialiseRef(options.baseline), snapshotWorkingTree()].map((version) =>
    options.sendOver ? { ...version, sendOver: options.sendOver } : version,
  );
  // A fresh server per measurement, so the load generator's 400 users never weigh on the browsers' run.
  const measure = <T>(version: Version, i: number, work: (server: RunningServer) => Promise<T>) =>
    withDatabase(options.databaseUrl, async (url) => {
      const server = await startServer(version, options.port + i, url);
      try {
        return await work(server);
      } finally {
        await server.stop();
      }
    });

  const browsers: { version: Version; result: BrowserResult }[] = [];
  if (options.only !== 'load') {
    for (const [i, version] of versions.entries()) {
      const result = await measure(version, i, (server) =>
        runBrowsers(server, { messages: options.browserMessages, gapMs: options.browserGapMs }),
      );
      browsers.push({ version, result });
    }
  }
  const load: { version: Version; result: Awaited<ReturnType<typeof runLoad>> }[] = [];
  if (options.only !== 'browsers') {
    for (const [i, version] of versions.entries()) {
      const result = await measure(version, i, (server) =>
        runLoad(server, {
          conversations: options.conversations,
          messagesPerConversation: options.messagesPerConversation,
          pacedGapMs: options.pacedGapMs,
          sendOver: version.sendOver,
        }),
      );
      load.push({ version, result });
    }
  }
  return {
    options,
    browsers,
    load,
    wallSeconds: (performance.now() - started) / 1000,
    loadAverage: [loadBefore, os.loadavg()[0]!] as const,
  };
}
