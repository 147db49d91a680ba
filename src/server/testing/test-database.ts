/**
 * Migrations run once per test run: the integration project's globalSetup (global-setup.ts) builds a migrated,
 * seeded template from the migrations folder as it is now, and every test database starts as a copy of it.
 * - Embedded: a PGlite data directory on disk and its tarball; each test file's database starts in memory from the
 *   tarball, through the same worker production uses. Opening a copy skips initdb and every migration, the slowest
 *   part of starting a test file.
 * - PostgreSQL (TEST_DATABASE_URL): `CREATE DATABASE ... TEMPLATE`, which the server copies file by file.
 * Without the globalSetup (a config that lacks it), each database is migrated from scratch as before.
 * No run-time import of vitest here: the globalSetup loads this file in vitest's main process.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { ensureServiceCategories } from '../db/categories';
import { migrateDatabase, openDatabase, type Database } from '../db/database';

export type DatabaseTemplate =
  /** The template's folder (for tests that restart a database on disk) and its tarball (every other copy). */
  { kind: 'embedded'; dataDir: string; tarball: string } | { kind: 'server'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts; absent when the suite runs without it. */
    databaseTemplate: DatabaseTemplate | undefined;
  }
}

/** Migrations and the fixed rows every database has (main.ts does the same at start). */
async function prepare(database: Database) {
  await migrateDatabase(database.db);
  await ensureServiceCategories(database.db);
}

/** The server named by TEST_DATABASE_URL, with `name` as the database. */
export function serverUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance connection (create or drop a database). */
export async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Builds this run's template; `drop` removes it at the end of the run. */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomUUID().replaceAll('-', '')}`;
    await onServer(serverUrl, `create database ${name}`);
    const database = await openDatabase({ kind: 'server', url: serverUrlFor(serverUrl, name) });
    try {
      await prepare(database);
    } finally {
      // A template with any open connection cannot be copied: close the pool before the first test file starts.
      await database.close();
    }
    return {
      template: { kind: 'server', name },
      drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
    };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'skills-test-template-'));
  const dataDir = path.join(root, 'pgdata');
  const database = await openDatabase({ kind: 'embedded', dataDir });
  try {
    await prepare(database);
  } finally {
    // Closing PGlite flushes every file, so the directory is complete before anyone copies it.
    await database.close();
  }
  const tarball = path.join(root, 'pgdata.tar');
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    writeFileSync(tarball, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return {
    template: { kind: 'embedded', dataDir, tarball },
    drop: async () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template (`inject('databaseTemplate')` in a
 * test file), or, without one, migrated here.
 * On PGlite a temp directory (removed by drop); on TEST_DATABASE_URL's server a new database, whose address is `url`
 * (for a second pool on it).
 */
export async function openTestDatabase(
  template: DatabaseTemplate | undefined,
): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    await onServer(
      serverUrl,
      template?.kind === 'server' ? `create database ${name} template ${template.name}` : `create database ${name}`,
    );
    const url = serverUrlFor(serverUrl, name);
    const database = await openDatabase({ kind: 'server', url });
    if (template?.kind !== 'server') await prepare(database);
    return { database, url, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
  }
  if (template?.kind !== 'embedded') {
    const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
    await prepare(database);
    return { database, url: null, drop: async () => {} };
  }
  // In memory, from the template's tarball: a test database is never read back from disk, and writing each change
  // to a folder made six heavy files 1.13 times slower (median of 3 pairs; decision 016).
  const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://', loadDataDir: template.tarball });
  return { database, url: null, drop: async () => {} };
}
