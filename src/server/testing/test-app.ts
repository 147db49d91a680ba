import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { createApp, type App, type AppDeps } from '../app';
import { configuredAdmin, parseEnv, type Config } from '../config';
import { bootstrapAdmin } from '../features/accounts/bootstrap-admin';
import type { Database } from '../db/database';
import type { Channel } from '../realtime/channels';
import { createInProcessEventBus, type EventBus } from '../realtime/event-bus';
import { openTestDatabase } from './test-database';
import { methodOf, type CallablePath, type InputOf, type OutputOf, type TrpcErrorBody } from './procedures';

export const TEST_ORIGIN = 'http://localhost:3000';
export const STRONG_PASSWORD = 'Sturdy-pass-1';
/** What tests pass as ADMIN_PASSWORD (with an ADMIN_EMAIL of their own) to have an admin bootstrapped at start. */
export const ADMIN_TEST_PASSWORD = 'Admin-pass-1!';

export interface TestApp extends App {
  database: Database;
  bus: EventBus;
  config: Config;
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database for one test file: a copy of the run's migrated template on PGlite by default,
 * or on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways; see test-database.ts). It starts as main.ts does: with
 * ADMIN_EMAIL and ADMIN_PASSWORD in the overrides, that admin is bootstrapped (sign in with signInAdmin).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { webRoot, mutationLimiter }: Pick<AppDeps, 'webRoot' | 'mutationLimiter'> = {},
): Promise<TestApp> {
  const { database, drop: dropDatabase } = await openTestDatabase(inject('databaseTemplate'));

  const config: Config = {
    ...parseEnv({ NODE_ENV: 'test' }),
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    secureCookies: false,
    trustedOrigins: [TEST_ORIGIN],
    ...overrides,
  };
  const bus = createInProcessEventBus();
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'skills-uploads-'));
  const app = await createApp({ config, db: database.db, bus, uploadsDir, webRoot, logger: false, mutationLimiter });
  await app.server.ready();
  await bootstrapAdmin(database.db, app.auth, bus, configuredAdmin(config));
  return {
    ...app,
    database,
    bus,
    config,
    uploadsDir,
    async close() {
      rmSync(uploadsDir, { recursive: true, force: true });
      await app.server.close();
      await bus.close();
      await database.close();
      await dropDatabase();
    },
  };
}

let ipCounter = 0;

/** Requests from distinct addresses, so the sign-in rate limit of one test does not leak into another. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface SignUpInput {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  taxResponsibility?: boolean;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function signUp(app: TestApp, input: SignUpInput = {}) {
  const body = {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    firstName: 'Test',
    lastName: 'Student',
    dateOfBirth: '2004-03-01',
    taxResponsibility: true,
    ...input,
  };
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: body,
    remoteAddress: nextClientIp(),
  });
  return { response, body, cookie: cookieHeader(response) };
}

export async function signIn(app: TestApp, email: string, password: string, remoteAddress = nextClientIp()) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
    remoteAddress,
  });
  return { response, cookie: cookieHeader(response) };
}

/** The bootstrapped admin (createTestApp with ADMIN_EMAIL and ADMIN_PASSWORD), signed in. */
export async function signInAdmin(app: TestApp): Promise<{ cookie: string; id: string; email: string }> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = app.config;
  if (!email || !password) throw new Error('createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD }) bootstraps the admin');
  const { response, cookie } = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`);
  return { cookie, id: await userIdOf(app, cookie), email };
}

/** A test app with its admin bootstrapped, and that admin signed in: what every admin-facing test starts from. */
export async function createTestAppWithAdmin() {
  const app = await createTestApp({ ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
  return { app, admin: await signInAdmin(app) };
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Calls a tRPC query (GET) or mutation (POST) over HTTP, as the browser does; returns status and data or error.
 * The path, input and data are typed from the router.
 */
export async function callTrpc<P extends CallablePath>(
  app: TestApp,
  path: P,
  { input, cookie }: { input?: InputOf<P>; cookie?: string } = {},
): Promise<TrpcResult<OutputOf<P>>> {
  const result = await callRaw(app, path, { input, cookie, method: methodOf(path) });
  return { ...result, data: result.data as OutputOf<P> | undefined };
}

export interface TrpcResult<T = unknown> {
  status: number;
  data: T | undefined;
  error: TrpcErrorBody | undefined;
}

/**
 * The untyped escape hatch: any path, any input, either method. Only for tests that send malformed input on
 * purpose or walk every procedure by name (the security battery); everything else uses callTrpc.
 */
export async function callRaw(
  app: TestApp,
  path: string,
  { input, cookie, method = 'GET' }: { input?: unknown; cookie?: string; method?: 'GET' | 'POST' } = {},
): Promise<TrpcResult> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  const response =
    method === 'GET'
      ? await app.server.inject({
          method,
          url: `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.server.inject({
          method,
          url: `/api/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? null),
        });
  const json = response.json() as { result?: { data: unknown }; error?: TrpcErrorBody };
  return { status: response.statusCode, data: json.result?.data, error: json.error };
}

/** Posts one file to an upload route as a browser form would. */
export async function upload(
  app: TestApp,
  kind: string,
  file: Buffer,
  { cookie, filename = 'picture.png', type = 'image/png' } = {} as {
    cookie?: string;
    filename?: string;
    type?: string;
  },
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const response = await app.server.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': request.headers.get('content-type')!,
      ...(cookie ? { cookie } : {}),
    },
    payload: body,
  });
  return { status: response.statusCode, json: response.json() as { url?: string; avatarUrl?: string; error?: string } };
}

/** The signed-in user's id. */
export async function userIdOf(app: TestApp, cookie: string): Promise<string> {
  const session = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
  return session!.user.id;
}

/** The next event published on a channel that matches, once something happens; subscribe before acting. */
export function nextEvent<T>(
  app: TestApp,
  channel: Channel<T>,
  matches: (data: T) => boolean = () => true,
): Promise<T> {
  const controller = new AbortController();
  return (async () => {
    for await (const event of app.bus.subscribe(channel, { signal: controller.signal })) {
      if (matches(event.data)) {
        controller.abort();
        return event.data;
      }
    }
    throw new Error(`no event on ${channel}`);
  })();
}

/** No per-user mutation limit: for a test that makes thousands of calls as one user (the limit has its own test). */
export const unlimitedMutations = { take: async () => true };
