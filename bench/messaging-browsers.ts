/**
 * Two real browsers (Chromium, phone-sized) in one conversation at a chat's pace: each message is typed into the
 * composer and sent with Enter, as a user does, and the next waits until it shows on the other screen. Counted
 * during the exchange only (after both pages loaded and settled, until a few seconds after the last message): every
 * HTTP request each page makes (the assets loaded before are not requests of the exchange), each call a page makes
 * over its WebSocket (a send or a mark-read riding the socket is still a call), the bytes both download, and the SQL
 * statements the server sends.
 */
import { chromium, type Page, type Request } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../src/domain/categories';
import { signUpTestUser } from './messaging/test-users';
import type { RunningServer, SqlCount } from './messaging/versions';
import { sqlBetween } from './messaging/versions';

export interface BrowserOptions {
  messages: number;
  /** One message every gapMs, the two parties taking turns. */
  gapMs: number;
}

export interface PartyCount {
  requests: number;
  /** Queries and mutations sent over the page's WebSocket (not its subscriptions, pings or frames received). */
  socketCalls: number;
  /** HTTP responses and WebSocket frames received. */
  bytes: number;
  /** Requests by what they asked for: tRPC procedures (a batch counts once, under its joined names), or the path. */
  byKind: Record<string, number>;
}

export interface BrowserResult {
  messages: number;
  /** From pressing Enter to the text showing on the other party's screen. */
  p50: number;
  max: number;
  parties: { client: PartyCount; provider: PartyCount };
  sql: SqlCount;
}

/** Late reactions (a read receipt, a refetch after an event) belong to the exchange: wait for them. */
const SETTLE_MS = 3000;
const VIEWPORT = { width: 390, height: 844 };
/** What a page needs to show a message: far above a normal arrival, so a broken version fails instead of hanging. */
const ARRIVAL_TIMEOUT_MS = 30_000;

function kindOf(request: Request): string {
  const url = new URL(request.url());
  const trpc = /^\/api\/trpc\/(.+)$/.exec(url.pathname);
  if (trpc) return decodeURIComponent(trpc[1]!);
  return `${request.method()} ${url.pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
}

/** The procedures a frame calls, when it carries queries or mutations (tRPC's socket protocol; one frame may batch several). */
function socketCallsOf(frame: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame);
  } catch {
    return []; // PING, PONG
  }
  return ([parsed].flat() as { method?: string; params?: { path?: string } }[])
    .filter((message) => message.method === 'query' || message.method === 'mutation')
    .map((message) => message.params?.path ?? '?');
}

/** Counts a page's requests and socket calls while `counting` says so. */
function countRequests(page: Page, counting: () => boolean, sizes: Promise<unknown>[]): PartyCount {
  const count: PartyCount = { requests: 0, socketCalls: 0, bytes: 0, byKind: {} };
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (!counting()) return;
      for (const call of socketCallsOf(String(payload))) {
        count.socketCalls++;
        count.byKind[`socket ${call}`] = (count.byKind[`socket ${call}`] ?? 0) + 1;
      }
    });
    socket.on('framereceived', ({ payload }) => {
      if (counting()) count.bytes += Buffer.byteLength(payload);
    });
  });
  page.on('request', (request) => {
    if (!counting()) return;
    count.requests++;
    const kind = kindOf(request);
    count.byKind[kind] = (count.byKind[kind] ?? 0) + 1;
  });
  page.on('requestfinished', (request) => {
    if (!counting()) return;
    sizes.push(
      request.sizes().then(
        (s) => (count.bytes += s.responseBodySize + s.responseHeadersSize),
        () => {},
      ),
    );
  });
  return count;
}

export async function runBrowsers(server: RunningServer, options: BrowserOptions): Promise<BrowserResult> {
  const { base } = server;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const run = Date.now().toString(36);
    const open = async (role: 'client' | 'provider') => {
      const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT });
      const { cookies } = await signUpTestUser(
        base,
        `bench-${run}-${role}@example.com`,
        role === 'client' ? 'Casey' : 'Parker',
      );
      await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
      return context.newPage();
    };
    const [client, provider] = [await open('client'), await open('provider')];
    const call = async <T>(page: Page, path: string, data: unknown): Promise<T> => {
      const response = await page.request.post(`/api/trpc/${path}`, { data, headers: { origin: base } });
      const body = (await response.json()) as { result?: { data: T }; error?: unknown };
      if (!body.result) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
      return body.result.data;
    };
    const service = await call<{ id: string }>(provider, 'services.create', {
      title: 'Benchmark tutoring',
      description: 'A service one client requests, then they talk.',
      category_id: SERVICE_CATEGORIES[5]!.id,
      price: 20,
      pricing_type: 'hourly',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    const { id } = await call<{ id: string }>(client, 'conversations.request', { serviceId: service.id });

    let counting = false;
    const sizes: Promise<unknown>[] = [];
    const parties = {
      client: countRequests(client, () => counting, sizes),
      provider: countRequests(provider, () => counting, sizes),
    };
    for (const page of [client, provider]) {
      await page.goto(`/chat/${id}`);
      await page.getByPlaceholder('Type a message...').waitFor();
    }
    // Both pages loaded, subscribed and read; what they do from here is the exchange's.
    await Promise.all([client, provider].map((p) => p.waitForLoadState('networkidle')));
    await new Promise((r) => setTimeout(r, SETTLE_MS));

    const sqlBefore = await server.sql();
    counting = true;
    const latencies: number[] = [];
    for (let n = 0; n < options.messages; n++) {
      const started = performance.now();
      const [from, to] = n % 2 === 0 ? [client, provider] : [provider, client];
      const text = `Message ${n + 1} of the benchmark, from the ${n % 2 === 0 ? 'client' : 'provider'}`;
      const composer = from.getByPlaceholder('Type a message...');
      await composer.pressSequentially(text);
      const sentAt = performance.now();
      await composer.press('Enter');
      await to.getByText(text, { exact: true }).waitFor({ timeout: ARRIVAL_TIMEOUT_MS });
      latencies.push(performance.now() - sentAt);
      const left = options.gapMs - (performance.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    counting = false;
    await Promise.all(sizes);
    const sql = sqlBetween(sqlBefore, await server.sql());
    latencies.sort((a, b) => a - b);
    return {
      messages: options.messages,
      p50: latencies[Math.floor(latencies.length / 2)]!,
      max: latencies.at(-1)!,
      parties,
      sql,
    };
  } finally {
    await browser.close();
  }
}
