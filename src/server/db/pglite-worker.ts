/**
 * The embedded PostgreSQL: PGlite runs on this worker thread and is served over a unix socket, so no query
 * ever runs on the server's event loop (DESIGN.md, Database).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteWorkerData {
  /** A directory, or memory:// for a throwaway database. */
  dataDir: string;
  /** A data folder's tarball to start from (database.ts). */
  loadDataDir?: string;
  socketPath: string;
  maxConnections: number;
}

export type PgliteWorkerMessage = { type: 'ready' } | { type: 'error'; message: string } | { type: 'closed' };

const { dataDir, loadDataDir, socketPath, maxConnections } = workerData as PgliteWorkerData;
const port = parentPort!;

try {
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir && { loadDataDir: new Blob([readFileSync(loadDataDir)]) }),
  });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  port.on('message', async (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    await server.stop();
    // Closing PGlite flushes its files to disk: the clean shutdown that keeps DATA_DIR consistent.
    await db.close();
    port.postMessage({ type: 'closed' } satisfies PgliteWorkerMessage);
  });
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage);
} catch (error) {
  port.postMessage({ type: 'error', message: (error as Error).message } satisfies PgliteWorkerMessage);
}
