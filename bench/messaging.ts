/**
 * Direct messaging under load: 200 conversations exchange messages at once, each side sending over HTTP (tRPC, as
 * the web app does) and listening on its own WebSocket subscription. Reported: messages per second and the time from
 * the start of a send to its arrival at the other party's live subscription.
 */
import WebSocket from 'ws';
import { createApp } from '../src/server/app';
import { parseEnv, type Config } from '../src/server/config';
import { ensureServiceCategories } from '../src/server/db/categories';
import { migrateDatabase, openDatabase } from '../src/server/db/database';
import { createInProcessEventBus } from '../src/server/realtime/event-bus';
import { SERVICE_CATEGORIES } from '../src/domain/categories';

export const CONVERSATIONS = 200;
const MESSAGES_PER_CONVERSATION = 10;
/** 200 conversations, each a message every 2 s: 100 messages a second offered. */
const PACED_GAP_MS = 2000;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Session {
  cookie: string;
  origin: string;
}

async function signUp(base: string, email: string, firstName: string): Promise<Session> {
  const response = await fetch(`${base}/api/test/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, origin: base };
}

async function trpc<T>(base: string, session: Session, path: string, input: unknown): Promise<T> {
  const response = await fetch(`${base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, origin: session.origin },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

/** One WebSocket per user (as one tab), with a subscription per conversation; calls back on every new message. */
async function listen(base: string, session: Session, conversationIds: string[], onText: (text: string) => void) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/trpc`, {
    headers: { cookie: session.cookie, origin: session.origin },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let started = 0;
  const allStarted = new Promise<void>((resolve) => {
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text === 'PING') return ws.send('PONG');
      const reply = JSON.parse(text) as {
        result?: { type: string; data?: { data: { type: string; message?: { text: string } } } };
      };
      if (reply.result?.type === 'started' && ++started === conversationIds.length) resolve();
      const event = reply.result?.data?.data;
      if (event?.type === 'message' && event.message) onText(event.message.text);
    });
  });
  conversationIds.forEach((id, i) =>
    ws.send(
      JSON.stringify({ id: i + 1, method: 'subscription', params: { path: 'conversations.events', input: { id } } }),
    ),
  );
  await allStarted;
  return ws;
}

export async function benchMessaging() {
  const config: Config = {
    ...parseEnv({ NODE_ENV: 'test' }),
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://localhost',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    secureCookies: false,
    trustedOrigins: [],
  };
  const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
  await migrateDatabase(database.db);
  await ensureServiceCategories(database.db);
  const { server } = await createApp({ config, db: database.db, bus: createInProcessEventBus(), logger: false });
  const base = await server.listen({ port: 0, host: '127.0.0.1' });

  const provider = await signUp(base, 'bench-provider@example.com', 'Provider');
  const service = await trpc<{ id: string }>(base, provider, 'services.create', {
    title: 'Benchmark tutoring',
    description: 'A service two hundred clients request at once.',
    category_id: SERVICE_CATEGORIES[5]!.id,
    price: 20,
    pricing_type: 'hourly',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const clients: Session[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) clients.push(await signUp(base, `bench-client-${i}@example.com`, 'Client'));
  const conversationIds = await Promise.all(
    clients.map((c) =>
      trpc<{ id: string }>(base, c, 'conversations.request', { serviceId: service.id }).then((r) => r.id),
    ),
  );

  // Each text is unique; its arrival at the other party resolves the waiting sender.
  const waiting = new Map<string, (at: number) => void>();
  const arrived = (text: string) => waiting.get(text)?.(performance.now());
  const sockets = [
    await listen(base, provider, conversationIds, arrived),
    ...(await Promise.all(clients.map((c, i) => listen(base, c, [conversationIds[i]!], arrived)))),
  ];

  /** Every conversation sends MESSAGES_PER_CONVERSATION messages, taking turns, waiting `gapMs` between them. */
  async function exchange(round: number, gapMs: number) {
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      conversationIds.map(async (id, i) => {
        // Paced senders start at random moments, as people do; the closed loop starts all at once.
        if (gapMs > 0) await new Promise((r) => setTimeout(r, Math.random() * gapMs));
        for (let n = 0; n < MESSAGES_PER_CONVERSATION; n++) {
          const sender = n % 2 === 0 ? clients[i]! : provider;
          const text = `round ${round} conversation ${i} message ${n}`;
          const arrival = new Promise<number>((resolve) => waiting.set(text, resolve));
          const sentAt = performance.now();
          await trpc(base, sender, 'conversations.send', { id, text });
          latencies.push((await arrival) - sentAt);
          waiting.delete(text);
          if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        }
      }),
    );
    const elapsedS = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      messages: latencies.length,
      messagesPerSecond: latencies.length / elapsedS,
      p50: pct(latencies, 0.5),
      p99: pct(latencies, 0.99),
    };
  }

  // As fast as each conversation can go: the server's capacity (latency is then mostly queueing).
  const closedLoop = await exchange(1, 0);
  // Each conversation sends a message every PACED_GAP_MS: the live-chat case the latency goal is about.
  const paced = await exchange(2, PACED_GAP_MS);
  for (const ws of sockets) ws.terminate();
  await server.close();
  await database.close();
  return { conversations: CONVERSATIONS, gapMs: PACED_GAP_MS, closedLoop, paced };
}
