import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/auth';
import { createTestApp, uniqueEmail, type TestApp } from '../../src/server/testing/test-app';

// The route that mints signed-in users (admins too) for e2e must not ship, nor answer the network.

/** Builds the server bundle as `npm run build` does (or the e2e variant): the text of every file, maps included. */
function buildServer(testRoutes: boolean): string {
  return buildServerFiles(testRoutes, /\.js(\.map)?$/);
}

function buildServerFiles(testRoutes: boolean, files: RegExp): string {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  try {
    execFileSync(
      process.execPath,
      ['scripts/build-server.mjs', '--outdir', outdir, ...(testRoutes ? ['--test-routes'] : [])],
      { stdio: 'pipe' },
    );
    return readdirSync(outdir)
      .filter((f) => files.test(f))
      .map((f) => readFileSync(path.join(outdir, f), 'utf8'))
      .join('\n');
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('the test-only route', () => {
  it('is not in the production server bundle at all (code, source map or password)', () => {
    const production = buildServer(false);
    expect(production).not.toContain('/api/test/users');
    expect(production).not.toContain('/api/test/messages');
    // Nor the test suites' cheap password hasher (auth/password-hashing.ts), whose module is there (its maps hold
    // its source): the code that would run.
    expect(buildServerFiles(false, /\.js$/)).not.toContain('TEST_COST');
    expect(production).not.toContain('testUserSchema');
    expect(production).not.toContain('The test route answers only this machine.');
    expect(production).not.toContain('Test-password-1!');
    // The check above can see the route: the e2e bundle has it.
    expect(buildServer(true)).toContain('/api/test/users');
  }, 120_000);

  describe('in a test build', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ TRUST_PROXY: 1 });
    });
    afterAll(() => app.close());

    const create = (remoteAddress: string, headers: Record<string, string> = {}) => {
      const email = uniqueEmail('minted');
      return app.server
        .inject({ method: 'POST', url: '/api/test/users', payload: { email, admin: true }, remoteAddress, headers })
        .then(async (response) => ({
          response,
          rows: await app.database.db.select().from(users).where(eq(users.email, email)),
        }));
    };

    it('refuses a connection that is not from this machine, and creates nobody', async () => {
      const { response, rows } = await create('203.0.113.7');
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(rows).toHaveLength(0);
    });

    it('a forwarded header naming loopback does not make a remote connection local', async () => {
      const { response, rows } = await create('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' });
      expect(response.statusCode).toBe(403);
      expect(rows).toHaveLength(0);
    });

    it('another spelling of the address is refused the same (the check belongs to the routes, not the path)', async () => {
      const email = uniqueEmail('spelled');
      for (const url of ['/api/%74est/users', '/api/test/./users', '//api/test/users']) {
        const response = await app.server.inject({
          method: 'POST',
          url,
          payload: { email, admin: true },
          remoteAddress: '203.0.113.7',
        });
        expect(response.statusCode, url).not.toBe(200);
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
      expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('a request forwarded by a proxy on this machine is refused, though it comes from loopback', async () => {
      for (const header of ['forwarded', 'x-forwarded-for', 'x-real-ip']) {
        const { response, rows } = await create('127.0.0.1', { [header]: '203.0.113.7' });
        expect(response.statusCode, header).toBe(403);
        expect(rows).toHaveLength(0);
      }
    });

    const seed = (remoteAddress: string, texts = ['hi'], headers: Record<string, string> = {}) =>
      app.server.inject({
        method: 'POST',
        url: '/api/test/messages',
        payload: { conversationId: '00000000-0000-4000-8000-000000000000', senderId: 'x', texts },
        remoteAddress,
        headers,
      });

    it('the message seeding route refuses a remote connection, and writes nothing', async () => {
      expect((await seed('203.0.113.7', ['hi'], { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    });

    it('the message seeding route writes only into a conversation the sender is in', async () => {
      expect((await seed('127.0.0.1')).statusCode).toBe(404);
    });

    it('the user route refuses a malformed body with a 400, and creates nobody', async () => {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/test/users',
        payload: { email: 'not-an-address', firstName: 'x'.repeat(51) },
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('the message seeding route refuses too many or too long texts with a 400, not a server error', async () => {
      expect(
        (
          await seed(
            '127.0.0.1',
            Array.from({ length: 601 }, () => 'hi'),
          )
        ).statusCode,
      ).toBe(400);
      expect((await seed('127.0.0.1', ['x'.repeat(101)])).statusCode).toBe(400);
      expect((await seed('127.0.0.1', [])).statusCode).toBe(400);
    });

    it('answers loopback (the e2e suite on this machine)', async () => {
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const { response, rows } = await create(address);
        expect(response.statusCode, address).toBe(200);
        expect(rows).toHaveLength(1);
      }
    });
  });
});
