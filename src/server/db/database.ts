import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as authSchema from './schema/auth';
import * as profileSchema from './schema/profiles';
import * as categorySchema from './schema/service-categories';
import * as portfolioSchema from './schema/portfolio';
import * as presenceSchema from './schema/presence';
import * as serviceSchema from './schema/services';
import * as conversationSchema from './schema/conversations';
import * as paymentSchema from './schema/payments';
import * as reviewSchema from './schema/reviews';
import * as settlementSchema from './schema/settlement';
import * as newsletterSchema from './schema/newsletter';
import * as roomSchema from './schema/rooms';
import * as progressionSchema from './schema/progression';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';

export const schema = {
  ...authSchema,
  ...profileSchema,
  ...categorySchema,
  ...portfolioSchema,
  ...presenceSchema,
  ...serviceSchema,
  ...conversationSchema,
  ...reviewSchema,
  ...paymentSchema,
  ...settlementSchema,
  ...newsletterSchema,
  ...roomSchema,
  ...progressionSchema,
};
/** Drizzle over a pg Pool; `$client` is the pool, for named prepared statements (prepared-statement.ts). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction, for use cases that read and write under one lock. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'server'; url: string }
  /**
   * dataDir: a folder, or memory:// for tests; loadDataDir: a tarball of a data folder (PGlite's dumpDataDir) that a
   * memory:// database starts from (the test databases: nothing written to disk, a third faster).
   */
  | { kind: 'embedded'; dataDir: string; loadDataDir?: string };

const POOL_SIZE = 10;
/**
 * One connection to the embedded database. pglite-socket's multiplexer queues each protocol message on its own,
 * so two connections' extended-protocol messages (Parse/Bind/Execute/Sync) interleave outside transactions and
 * clobber each other's unnamed portal ("portal \"\" cannot be run", EPIPE) under concurrent load. PGlite runs one
 * query at a time anyway, so queueing in the pool instead costs nothing measurable.
 */
const EMBEDDED_POOL_SIZE = 1;
/** A query waiting this long for the connection means something holds it (a transaction awaiting the outer pool). */
const CONNECTION_WAIT_MS = 15_000;

/**
 * An idle pooled connection that the server drops (restart, admin command) emits 'error' on the pool; without a
 * listener that would end the process. The pool replaces the connection on the next query.
 */
function keepPoolAlive(pool: pg.Pool): pg.Pool {
  pool.on('error', (error) => console.error(`Database connection lost: ${error.message}`));
  return pool;
}

/** One pg Pool and Drizzle over either a PostgreSQL server or the embedded PGlite worker. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'server') {
    const pool = keepPoolAlive(new pg.Pool({ connectionString: target.url, max: POOL_SIZE }));
    return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
  }
  const embedded = await startPgliteWorker(target.dataDir, target.loadDataDir);
  const pool = keepPoolAlive(
    new pg.Pool({
      host: embedded.socketDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      max: EMBEDDED_POOL_SIZE,
      connectionTimeoutMillis: CONNECTION_WAIT_MS,
    }),
  );
  return {
    db: drizzle(pool, { schema }),
    pool,
    close: async () => {
      await pool.end();
      await embedded.close();
    },
  };
}

/** Beside this file in source; copied beside the bundle by scripts/build-server.mjs. */
export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export async function migrateDatabase(db: Db, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await migrate(db, { migrationsFolder });
}

async function startPgliteWorker(dataDir: string, loadDataDir: string | undefined) {
  // pg reaches a unix socket as {host: dir, port} -> dir/.s.PGSQL.port; a short temp dir keeps the path
  // under the 108-byte limit wherever DATA_DIR is.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const file = workerFile();
  const worker = new Worker(file, {
    // A little headroom: a replaced pool connection may arrive before the old one is detached.
    workerData: { dataDir, loadDataDir, socketPath, maxConnections: EMBEDDED_POOL_SIZE + 2 } satisfies PgliteWorkerData,
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: PgliteWorkerMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'error') reject(new Error(`Embedded database failed to start: ${message.message}`));
    });
  });
  return {
    socketDir,
    close: async () => {
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (m: PgliteWorkerMessage) => m.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The bundled worker sits beside the bundled server; from source (tests, tsx) a loader runs the .ts file. */
function workerFile(): URL {
  const bundled = import.meta.url.endsWith('.js');
  return new URL(bundled ? './pglite-worker.js' : './pglite-worker-from-source.mjs', import.meta.url);
}
