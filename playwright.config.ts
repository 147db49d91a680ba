import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// Workers re-load this file: the data folder is made once, by the main process, and handed down.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'skills-e2e-'));
// GIF search needs a Giphy key, but rooms.spec.ts checks the GIF tab of a server without one ("GIF search is not
// configured"). So a second server, on its own data folder, talks to a fake Giphy (tests/e2e/fake-giphy.mjs); the
// tests that pick GIFs use it through E2E_GIPHY_APP_URL.
const fakeGiphyPort = port + 1;
const giphyAppPort = port + 2;
const fakeGiphyKey = 'e2e-fake-giphy-key';
process.env.E2E_GIPHY_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'skills-e2e-giphy-'));
process.env.E2E_GIPHY_APP_URL ??= `http://localhost:${giphyAppPort}`;

/**
 * Debian's old headless shell when installed (CI installs it): the same Blink, without the full browser's window and
 * compositor machinery, which the tests never look at (decision 011: a fifth less time for the e2e phase, a quarter less
 * browser CPU). Else the full Chromium.
 */
function chromium(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  // A journey of several pages takes 10-20 s alone; CI machines with two cores can take twice that.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (a screenshot and DOM snapshot at every step) costs processor time in every test; in CI a
    // failing test runs again with one (retries: 1), elsewhere a failure keeps the trace of its only run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The whole suite at a laptop's size and at a phone's: `npm run test:e2e` and `npm run test:e2e:phone`.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 } } },
  ],
  // Started one after the other, each once the previous answers: the second `npm start` finds the build done.
  webServer: [
    {
      // The real run contract: the same `npm start` a newcomer types, on a fresh data folder.
      command: 'npm start',
      url: `http://localhost:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        // Loopback only (both, as localhost may name either): a test build mints admins for whoever asks.
        HOST: 'localhost',
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Admins are made per test by the test-only route (`admin: true`); nothing is granted by address.
      },
    },
    {
      command: 'node tests/e2e/fake-giphy.mjs',
      url: `http://127.0.0.1:${fakeGiphyPort}/health`,
      timeout: 10_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(fakeGiphyPort), FAKE_GIPHY_KEY: fakeGiphyKey },
    },
    {
      command: 'npm start',
      url: `${process.env.E2E_GIPHY_APP_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: String(giphyAppPort),
        DATA_DIR: process.env.E2E_GIPHY_DATA_DIR,
        GIPHY_API_KEY: fakeGiphyKey,
        GIPHY_API_URL: `http://127.0.0.1:${fakeGiphyPort}`,
      },
    },
  ],
});
