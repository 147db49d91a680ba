import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema, type Database, type Db } from '../../db/database';
import { openTestDatabase, type DatabaseTemplate } from '../../testing/test-database';
import type { DispatchLog } from '../dispatcher';
import { defineHandler, type AnyEventHandler } from '../handlers';
import type { AppEventType } from '../../contracts/app-events';

export interface EventDatabase extends Database {
  /** The server database's address, when on PostgreSQL (a second pool opens it again). */
  url: string | null;
  /** Drops the scratch database too. */
  dispose(): Promise<void>;
}

/**
 * A scratch database for the event infrastructure's tests, started as every integration test's is (a copy of the
 * run's template: pass `inject('databaseTemplate')`; without one, as in measure-outbox.ts, migrated here), with
 * `handler_runs`, the table test handlers write to.
 */
export async function openEventDatabase(template: DatabaseTemplate | undefined): Promise<EventDatabase> {
  const { database, url, drop } = await openTestDatabase(template);
  await createRunsTable(database.db);
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await drop();
    },
  };
}

/**
 * An embedded data folder for processes that open the database themselves (crash-child.ts): a copy of the run's
 * template, or, without one, an empty folder the first process initializes and migrates.
 */
export function eventDataFolder(template: DatabaseTemplate | undefined): { dataDir: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'events-crash-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  if (template?.kind !== 'embedded') return { dataDir: root, remove };
  const dataDir = path.join(root, 'pgdata');
  cpSync(template.dataDir, dataDir, { recursive: true });
  return { dataDir, remove };
}

export async function createRunsTable(db: Db) {
  await db.execute(sql`
    create table if not exists handler_runs (
      event_id bigint not null,
      handler text not null,
      runner text not null default '',
      at timestamptz not null default clock_timestamp()
    )`);
}

/** A handler that writes one handler_runs row per run, in the delivery's transaction. */
export function countingHandler<T extends AppEventType>(
  name: string,
  on: T,
  runner = '',
  before?: () => Promise<void>,
) {
  return defineHandler({
    name,
    on,
    async handle({ tx, eventId }) {
      await tx.execute(
        sql`insert into handler_runs (event_id, handler, runner) values (${eventId}, ${name}, ${runner})`,
      );
      await before?.();
    },
  }) as AnyEventHandler;
}

export async function runsOf(db: Db, handler: string): Promise<{ event_id: string; runner: string }[]> {
  const { rows } = await db.execute<{ event_id: string; runner: string }>(
    sql`select event_id, runner from handler_runs where handler = ${handler} order by event_id`,
  );
  return rows;
}

/** A Drizzle over the same pool that counts the statements sent through it. */
export function countingDb(pool: pg.Pool): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const db = drizzle(pool, { schema, logger: { logQuery: () => void (statements += 1) } });
  return { db, count: () => statements, reset: () => void (statements = 0) };
}

/** Collects what the service logs, so tests can assert a parked delivery was reported. */
export function recordingLog(): DispatchLog & { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    error: (_details, message) => void errors.push(message),
    warn: (_details, message) => void warnings.push(message),
  };
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
