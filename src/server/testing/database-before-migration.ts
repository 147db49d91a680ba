import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database } from '../db/database';
import { onServer, serverUrlFor } from './test-database';

/** In-memory PGlite, or a new database on the PostgreSQL server of TEST_DATABASE_URL (as createTestApp does). */
async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    return { database: await openDatabase({ kind: 'embedded', dataDir: 'memory://' }), drop: async () => {} };
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'server', url: serverUrlFor(serverUrl, name) });
  return { database, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A database migrated up to, not including, migration `index`: a test writes rows as they were before it, then
 * `migrateRest()` applies that migration and every later one, as a deployment would.
 */
export async function databaseBeforeMigration(index: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  const before = path.join(dir, 'migrations');
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx < index);
  writeFileSync(journalPath, JSON.stringify(journal));
  const { database, drop } = await freshDatabase();
  await migrateDatabase(database.db, before);
  return {
    database,
    migrateRest: () => migrateDatabase(database.db),
    async close() {
      await database.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
