import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventDataFolder } from './testing/event-database';

const CHILD = path.join(import.meta.dirname, 'testing/crash-child.ts');
// One data folder for both cases (the second finds the first's event already run), copied from the run's template:
// every child would otherwise pay PGlite's initdb and the migrations on a fresh one.
const { dataDir, remove } = eventDataFolder(inject('databaseTemplate'));
const children = new Set<ReturnType<typeof spawn>>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  remove();
});

/** Runs the stand-in server on a data folder; `until` resolves on its first output line matching. */
function runChild(dataDir: string, mode: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const lines = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`child exited with ${code}: ${output}`)));
  });
  lines.catch(() => {});
  return { child, firstLine: lines, exited };
}

async function killedAfter(dataDir: string, mode: string, line: string) {
  const { child, firstLine, exited } = runChild(dataDir, mode);
  expect(await firstLine).toBe(line);
  child.kill('SIGKILL');
  expect(await exited).toBe(null);
}

async function restartAndRun(dataDir: string): Promise<unknown> {
  const { firstLine, exited } = runChild(dataDir, 'run');
  const result: unknown = JSON.parse(await firstLine);
  expect(await exited).toBe(0);
  return result;
}

// A process killed on its own data folder: the embedded database only (PostgreSQL survives its clients anyway).
describe.skipIf(process.env.TEST_DATABASE_URL)('a server killed with SIGKILL', () => {
  it('between the commit and the handler: after a restart the handler runs exactly once', async () => {
    await killedAfter(dataDir, 'record', 'COMMITTED');
    // Run once, by the restarted process, and nothing left to run again.
    expect(await restartAndRun(dataDir)).toEqual({ runs: { 'crash-record': ['run'] }, pending: 0 });
  }, 60_000);

  it('in the middle of a handler: its write is undone, and after a restart it runs exactly once', async () => {
    await killedAfter(dataDir, 'slow-handler', 'HANDLING');
    // The killed process's run left nothing: the one run is the restarted process's.
    expect(await restartAndRun(dataDir)).toEqual({
      runs: { 'crash-record': ['run'], 'crash-slow-handler': ['run'] },
      pending: 0,
    });
  }, 60_000);
});
