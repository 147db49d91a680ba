/**
 * The built web client is public: anyone can read every emitted file. It must contain none of the server's secrets,
 * however they reach the build (an env variable read by the client, a `define`, a stray import of server config).
 * The client is built from the real Vite config into a temporary folder with sentinel secrets in the environment.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_SENTINELsecretKEY0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_SENTINELwebhookSECRET0123456789',
  SESSION_SECRET: 'SENTINEL-session-secret-0123456789-abcdefghij',
  ADMIN_PASSWORD: 'SENTINEL-Admin-pass-1!',
};

const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'skills-bundle-'));
  const saved = { ...process.env };
  Object.assign(process.env, SECRETS, { NODE_ENV: 'production' });
  try {
    const { build } = await import('vite');
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    for (const key of Object.keys(SECRETS)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}, 240_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the built web client holds no secret', () => {
  it('built something to inspect', () => {
    expect(filesUnder(outDir).some((f) => f.endsWith('.js'))).toBe(true);
  });

  it.each(Object.keys(SECRETS))('no emitted file (scripts, styles, html, source maps) contains %s', (name) => {
    const value = SECRETS[name as keyof typeof SECRETS];
    const leaking = filesUnder(outDir).filter((file) => readFileSync(file).includes(value));
    expect(leaking.map((f) => path.relative(outDir, f))).toEqual([]);
  });

  it('no emitted file names the server-only variables at all (nothing reads them in the browser)', () => {
    const names = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET', 'ADMIN_PASSWORD'];
    const leaking = filesUnder(outDir)
      .filter((file) => !file.endsWith('.map'))
      .flatMap((file) => names.filter((n) => readFileSync(file, 'utf8').includes(n)).map((n) => `${n} in ${file}`));
    expect(leaking).toEqual([]);
  });
});
