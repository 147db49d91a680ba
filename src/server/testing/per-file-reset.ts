/**
 * The integration project's setup file. Its files share a worker and its loaded modules (`isolate: false`: importing
 * the server once per worker instead of once per file), so what one file changes in the process must not reach the
 * next. Everything stateful in the server lives in the app a file creates (createTestApp) and closes; this undoes the
 * rest: the environment, fake clocks, and modules loaded while another file had mocked one of them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, vi } from 'vitest';

const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

/** Kept on globalThis: this file's module is evaluated anew for each test file. */
const shared = globalThis as typeof globalThis & { __lastFileMockedModules?: boolean };

const testPath = expect.getState().testPath;
const mocksModules = testPath !== undefined && MOCKS_A_MODULE.test(readFileSync(testPath, 'utf8'));
// A file that mocks a module needs the server loaded again with the mock in it (modules loaded by an earlier file
// kept the real one), and the file after it needs it loaded again without.
if (mocksModules || shared.__lastFileMockedModules) vi.resetModules();
shared.__lastFileMockedModules = mocksModules;

// Saved as this setup file loads, before the test file's own top level runs: a change made there is undone too.
const environment: NodeJS.ProcessEnv = { ...process.env };
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
});
