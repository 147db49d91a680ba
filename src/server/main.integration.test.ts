import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from './testing/test-app';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skills-main-'));
const running: ChildProcess[] = [];

/** A port nobody listens on now (the system's choice, given back at once). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the real server from source on a free port; resolves with its address once it says it is running. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^SkillNest is running at /m.test(output)) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  // A start that is expected to fail is awaited through `exited` instead.
  listening.catch(() => {});
  return { child, listening, exited, output: () => output };
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

// The embedded database only: the PostgreSQL pass of CI has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', () => {
  it('keeps data across a SIGTERM restart, and refuses a second server on the same DATA_DIR', async () => {
    // The port is chosen by the OS, so the trusted origin is named explicitly.
    const origin = 'http://localhost:1';
    const first = await startServer({ PUBLIC_URL: origin });
    const url = await first.listening;
    // A start prints one line, the address to open (Fastify's own lines, one per address, are left out).
    expect(first.output()).toBe(`SkillNest is running at ${origin}\n`);
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        email: 'persist@example.com',
        password: STRONG_PASSWORD,
        firstName: 'Persist',
        lastName: 'Ent',
        dateOfBirth: '2001-01-01',
        taxResponsibility: true,
      }),
    });
    expect(signUp.status).toBe(200);

    const second = await startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another server \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restarted = await startServer({ PUBLIC_URL: origin });
    const url2 = await restarted.listening;
    const signIn = await fetch(`${url2}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'persist@example.com', password: STRONG_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    // Four processes each load the server from source, and a fresh data directory costs PGlite about 5 s of initdb;
    // with the rest of the suite running beside it this took over 30 s on CI.
  }, 120_000);

  it('a bad environment value stops the start with one line naming it', async () => {
    const bad = await startServer({ PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe('Invalid environment variable PORT: must be a port number from 0 to 65535');
  });
});
