/**
 * The load generator: many conversations exchange messages at once, each side sending as the version's web client
 * does (over HTTP, or over the WebSocket its subscription uses) and listening on that socket's subscription, against a server running in its own process. Reported
 * per phase: messages per second, send-to-arrival latency at the other party's subscription, and per message the
 * generator's HTTP requests and the server's SQL statements.
 *
 * Each conversation has its own provider and client: one user may make 5 changes a second after a burst of 60 (the
 * mutation limit), so one provider answering hundreds of conversations would measure the limiter. One address may
 * hold 200 sockets, so the sockets are spread over loopback addresses (127.0.0.2, .3, ...).
 */
import { inBatches } from '../in-batches';
import WebSocket from 'ws';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { signUpTestUser } from './test-users';
import type { RunningServer, SqlCount } from './versions';
import { sqlBetween } from './versions';

export interface LoadOptions {
  conversations: number;
  messagesPerConversation: number;
  /** The paced phase: each conversation sends a message this often. */
  pacedGapMs: number;
  /** How the version's web client sends a message: over HTTP, or over the socket its subscriptions already use. */
  sendOver: 'http' | 'socket';
}

export interface PhaseResult {
  messages: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  httpPerMessage: number;
  socketCallsPerMessage: number;
  sqlPerMessage: number;
  sql: SqlCount;
}

const SOCKETS_PER_ADDRESS = 150;
/** Sign-ups hash a password each: a few at a time keeps the setup short without queueing hundreds. */
const SETUP_CONCURRENCY = 8;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface User {
  cookie: string;
  socket?: WebSocket;
}

export async function runLoad(server: RunningServer, options: LoadOptions) {
  const { base } = server;
  let httpRequests = 0;

  async function trpc<T>(user: User, path: string, input: unknown): Promise<T> {
    httpRequests++;
    const response = await fetch(`${base}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: base },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as { result?: { data: T }; error?: unknown };
    if (!body.result) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
    return body.result.data;
  }

  const run = Date.now().toString(36);
  const pairs = await inBatches(
    Array.from({ length: options.conversations }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      const provider: User = await signUpTestUser(base, `bench-${run}-provider-${i}@example.com`, 'Provider');
      const client: User = await signUpTestUser(base, `bench-${run}-client-${i}@example.com`, 'Client');
      const service = await trpc<{ id: string }>(provider, 'services.create', {
        title: `Benchmark tutoring ${i}`,
        description: 'A service its client requests, then they talk.',
        category_id: SERVICE_CATEGORIES[5]!.id,
        price: 20,
        pricing_type: 'hourly',
        delivery_method: 'virtual',
        service_location: null,
        image_url: '',
      });
      const { id } = await trpc<{ id: string }>(client, 'conversations.request', { serviceId: service.id });
      return { id, users: [client, provider] as const };
    },
  );

  // Each text is unique; it resolves the waiting sender when it reaches the other party's socket (the sender's own
  // subscription hears it too, and must not count).
  const waiting = new Map<string, { receiver: User; resolve: (at: number) => void }>();
  const TEXT = /bench-\d+-\d+-\d+-end/g;
  function heard(by: User, frame: string) {
    for (const [text] of frame.matchAll(TEXT)) {
      const entry = waiting.get(text);
      if (entry?.receiver === by) entry.resolve(performance.now());
    }
  }

  /** Calls in flight on the sockets, by their frame id: the answer resolves them. */
  const calls = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let callIds = 1;
  function answered(frame: string) {
    if (!frame.startsWith('{"id":')) return;
    const { id, error } = JSON.parse(frame) as { id: number; error?: unknown };
    const call = calls.get(id);
    if (!call) return;
    calls.delete(id);
    if (error) call.reject(new Error(`socket call: ${JSON.stringify(error)}`));
    else call.resolve();
  }
  let socketCalls = 0;
  function overSocket(user: User, path: string, input: unknown): Promise<void> {
    const id = ++callIds;
    socketCalls++;
    return new Promise((resolve, reject) => {
      calls.set(id, { resolve, reject });
      user.socket!.send(JSON.stringify({ id, method: 'mutation', params: { path, input } }));
    });
  }
  const send = (user: User, input: { id: string; text: string }) =>
    options.sendOver === 'socket'
      ? overSocket(user, 'conversations.send', input)
      : trpc(user, 'conversations.send', input);

  let sockets = 0;
  async function listen(user: User, conversationId: string) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/trpc`, {
      headers: { cookie: user.cookie, origin: base },
      localAddress: `127.0.0.${2 + Math.floor(sockets++ / SOCKETS_PER_ADDRESS)}`,
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const started = new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => {
        const frame = String(raw);
        if (frame === 'PING') return ws.send('PONG');
        if (frame.includes('"started"')) resolve();
        if (frame.includes('"error"')) reject(new Error(`subscription: ${frame}`));
        heard(user, frame);
        answered(frame);
      });
    });
    ws.send(
      JSON.stringify({
        id: 1,
        method: 'subscription',
        params: { path: 'conversations.events', input: { id: conversationId } },
      }),
    );
    await started;
    user.socket = ws;
    return ws;
  }
  const open = await inBatches(
    pairs.flatMap((p) => p.users.map((u) => [u, p.id] as const)),
    SETUP_CONCURRENCY,
    ([user, id]) => listen(user, id),
  );

  /** Every conversation sends its messages, taking turns, waiting `gapMs` between them. */
  async function exchange(round: number, gapMs: number): Promise<PhaseResult> {
    const latencies: number[] = [];
    const sqlBefore = await server.sql();
    const httpBefore = httpRequests;
    const socketBefore = socketCalls;
    const start = performance.now();
    await Promise.all(
      pairs.map(async ({ id, users }, i) => {
        // Paced senders start at random moments, as people do; the closed loop starts all at once.
        if (gapMs > 0) await new Promise((r) => setTimeout(r, Math.random() * gapMs));
        for (let n = 0; n < options.messagesPerConversation; n++) {
          const sender = users[n % 2]!;
          const text = `bench-${round}-${i}-${n}-end`;
          const arrival = new Promise<number>((resolve) =>
            waiting.set(text, { receiver: users[1 - (n % 2)]!, resolve }),
          );
          const sentAt = performance.now();
          await send(sender, { id, text });
          latencies.push((await arrival) - sentAt);
          waiting.delete(text);
          if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        }
      }),
    );
    const elapsedS = (performance.now() - start) / 1000;
    const sql = sqlBetween(sqlBefore, await server.sql());
    latencies.sort((a, b) => a - b);
    return {
      messages: latencies.length,
      messagesPerSecond: latencies.length / elapsedS,
      p50: pct(latencies, 0.5),
      p99: pct(latencies, 0.99),
      httpPerMessage: (httpRequests - httpBefore) / latencies.length,
      socketCallsPerMessage: (socketCalls - socketBefore) / latencies.length,
      sqlPerMessage: sql.statements / latencies.length,
      sql,
    };
  }

  // As fast as each conversation can go: the server's capacity (latency is then mostly queueing).
  const closedLoop = await exchange(1, 0);
  // Each conversation sends a message every pacedGapMs: the live-chat case the latency goal is about.
  const paced = await exchange(2, options.pacedGapMs);
  for (const ws of open) ws.terminate();
  return { closedLoop, paced };
}
