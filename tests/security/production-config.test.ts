import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfigFromFile } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';

// A production server must not silently take test payments, nor publish its sources.

/** Starts the real server from source; resolves with its exit code and output, or 'running' after `ms`. */
function start(env: Record<string, string>, ms = 20_000) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prod-config-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | 'running'; output: string }>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'running', output });
    }, ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  }).finally(() => rmSync(dataDir, { recursive: true, force: true }));
}

describe('a production start with some Stripe variables', () => {
  it.each([
    [{ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [
      {
        NODE_ENV: 'development',
        PUBLIC_URL: 'https://skills.example',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      },
      'STRIPE_WEBHOOK_SECRET',
    ],
    [{ NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY'],
  ])(
    '%j refuses to start, naming %s',
    async (env, missing) => {
      const { code, output } = await start(env);
      expect(code).toBe(1);
      expect(output).toMatch(new RegExp(`^Invalid environment variable ${missing}: must be set in production`, 'm'));
    },
    30_000,
  );
});

describe('source maps in production', () => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SkillNest</title>');
    writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
    writeFileSync(path.join(webRoot, 'assets', 'app.js.map'), '{"version":3,"sourcesContent":["SECRET SOURCE"]}');
    app = await createTestApp({ NODE_ENV: 'production' }, { webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('a .map file left in the web folder is not served', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const map = await app.server.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.body).not.toContain('SECRET SOURCE');
  });

  it('the production web build emits no source maps', async () => {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'vite.config.ts');
    expect(loaded?.config.build?.sourcemap ?? false).toBe(false);
  });
});
