import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { channels, defineChannel } from './channels';
import { createInProcessEventBus, type EventBus } from './event-bus';

/** The one PostgreSQL notification channel all servers of a deployment share. */
export const NOTIFY_CHANNEL = 'skills_bus';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events go in ordered parts. */
const MAX_PAYLOAD_BYTES = 7900;
const PART_CHARS = 7000;
const RECONNECT_MS = 1000;

type Wire =
  | { o: string; c: string; d: unknown }
  /** Part i of t of event n, a slice of base64 of the JSON of { c, d }. */
  | { o: string; n: number; i: number; t: number; p: string };

/** Splits one event into NOTIFY payloads that each fit, in the order they must be sent. */
export function encodeEvent(origin: string, sequence: number, channel: string, data: unknown): string[] {
  const whole = JSON.stringify({ o: origin, c: channel, d: data } satisfies Wire);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  const body = Buffer.from(JSON.stringify({ c: channel, d: data })).toString('base64');
  const total = Math.ceil(body.length / PART_CHARS);
  return Array.from({ length: total }, (_, i) =>
    JSON.stringify({ o: origin, n: sequence, i, t: total, p: body.slice(i * PART_CHARS, (i + 1) * PART_CHARS) }),
  );
}

/** Reassembles events from other servers' payloads; one per server, since a server's notifications arrive in order. */
export function createEventDecoder(ownOrigin: string) {
  const partial = new Map<string, { n: number; parts: string[] }>();
  return (payload: string): { channel: string; data: unknown } | null => {
    const wire = JSON.parse(payload) as Wire;
    if (wire.o === ownOrigin) return null;
    if ('c' in wire) return { channel: wire.c, data: wire.d };
    const current = partial.get(wire.o);
    const parts = current && current.n === wire.n ? current.parts : [];
    parts[wire.i] = wire.p;
    if (wire.i < wire.t - 1) {
      partial.set(wire.o, { n: wire.n, parts });
      return null;
    }
    partial.delete(wire.o);
    // A part lost to a reconnect leaves a hole: that event is dropped rather than delivered garbled.
    // (Array.from turns holes into undefined; some() on a sparse array would skip them.)
    if (parts.length !== wire.t || Array.from(parts).some((p) => p === undefined)) return null;
    const { c, d } = JSON.parse(Buffer.from(parts.join(''), 'base64').toString()) as { c: string; d: unknown };
    return { channel: c, data: d };
  };
}

/**
 * The event bus for several servers on one PostgreSQL (DESIGN.md "Realtime"): each server delivers its own events at
 * once, as the in-process bus does, and sends them with NOTIFY; every other server LISTENs and delivers them to its
 * own subscribers. Event ids stay per server, so a reconnecting client resumes on the server it talks to.
 */
export async function createPostgresEventBus(url: string, log: (error: unknown) => void): Promise<EventBus> {
  const local = createInProcessEventBus();
  const origin = randomBytes(8).toString('hex');
  const decode = createEventDecoder(origin);
  let closed = false;
  let sequence = 0;

  let listener: pg.Client | null = null;
  let listening = false;
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      try {
        const event = decode(message.payload);
        // Sent by a server of this deployment through its typed `publish`: the channel names its payload's type.
        if (event) local.publish(defineChannel(event.channel), event.data);
      } catch (error) {
        log(error);
      }
    });
    // A dropped connection (database restart, network) is replaced; events sent meanwhile are missed, and clients
    // catch up by refetching when their subscription restarts.
    const reconnect = (error?: unknown) => {
      if (error) log(error);
      if (closed || listener !== client) return;
      listener = null;
      setTimeout(() => void connectWithRetry(), RECONNECT_MS).unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    const reconnected = listening;
    listening = true;
    listener = client;
    // A session ended on another server while this one was not listening would stay in its session cache and
    // sockets until they next checked: forget them all, and let the sockets' registry check them now.
    if (reconnected) local.publish(channels.sessionsChanged, {});
  }
  async function connectWithRetry(): Promise<void> {
    while (!closed && !listener) {
      try {
        await listen();
      } catch (error) {
        log(error);
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS).unref());
      }
    }
  }
  await listen();

  // One connection, one notification at a time: PostgreSQL then delivers a server's events in the order published.
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  sender.on('error', log);
  let sending: Promise<void> = Promise.resolve();

  return {
    publish(channel, data) {
      const event = local.publish(channel, data);
      const payloads = encodeEvent(origin, ++sequence, channel, data);
      sending = sending.then(async () => {
        try {
          for (const payload of payloads) await sender.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]);
        } catch (error) {
          log(error);
        }
      });
      return event;
    },
    subscribe: (channel, options) => local.subscribe(channel, options),
    async close() {
      closed = true;
      await sending;
      await sender.end();
      await listener?.end();
      await local.close();
    },
  };
}
