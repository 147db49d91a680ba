import { EventEmitter, on } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { Channel } from './channels';

export interface BusEvent<T = unknown> {
  /** Ordered within one server run; a subscriber resumes after the last id it saw. */
  id: string;
  channel: string;
  data: T;
}

/**
 * How features tell live subscribers that something happened. In-process for the embedded database; with a
 * PostgreSQL server, `createPostgresEventBus` (LISTEN/NOTIFY) shares events between several servers.
 */
export interface EventBus {
  /** The payload's type is the channel's (realtime/channels.ts): the compiler checks every publish. */
  publish<T>(channel: Channel<T>, data: NoInfer<T>): BusEvent<T>;
  /** Events on the channel, first replaying those after `lastEventId` that are still remembered. */
  subscribe<T>(
    channel: Channel<T>,
    options?: { lastEventId?: string | null; signal?: AbortSignal },
  ): AsyncIterable<BusEvent<T>>;
  close(): Promise<void>;
}

/** Events a channel remembers for subscribers that reconnect. */
export const REPLAY_LIMIT = 200;
/** A remembered event is forgotten after this long: a client away longer refetches instead. */
export const REPLAY_TTL_MS = 5 * 60_000;
/**
 * A channel's remembered events go once its last subscriber has been gone this long: long enough for a tab's
 * socket to reconnect and resume, short enough that channels nobody watches (every conversation, inbox and session
 * ever touched) cost nothing.
 */
export const REPLAY_IDLE_MS = 30_000;
const SWEEP_MS = 10_000;

export interface InProcessEventBusOptions {
  replayTtlMs?: number;
  replayIdleMs?: number;
}

interface Remembered {
  events: { event: BusEvent; at: number }[];
  subscribers: number;
  /** When the last subscriber left; null while someone listens. */
  idleSince: number | null;
}

export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const ttl = options.replayTtlMs ?? REPLAY_TTL_MS;
  const idle = options.replayIdleMs ?? REPLAY_IDLE_MS;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Ids carry a per-run prefix so an id from before a restart is never mistaken for a recent one.
  const run = randomBytes(4).toString('hex');
  let sequence = 0;
  // Only channels with a subscriber now or a moment ago: a publish to a channel nobody watches keeps nothing.
  const recent = new Map<string, Remembered>();
  const seqOf = (id: string) => Number(id.split(':')[1]);

  function dropExpired(remembered: Remembered, now: number) {
    while (remembered.events.length > 0 && now - remembered.events[0]!.at > ttl) remembered.events.shift();
  }

  function sweep() {
    const now = Date.now();
    for (const [channel, remembered] of recent) {
      if (remembered.idleSince !== null && now - remembered.idleSince > idle) recent.delete(channel);
      else dropExpired(remembered, now);
    }
  }
  const sweeper = setInterval(sweep, Math.min(SWEEP_MS, idle, ttl));
  sweeper.unref();

  function replayAfter(channel: string, lastEventId: string | null | undefined): BusEvent[] {
    if (!lastEventId) return [];
    const [idRun] = lastEventId.split(':');
    if (idRun !== run) return [];
    const remembered = recent.get(channel);
    if (!remembered) return [];
    const now = Date.now();
    dropExpired(remembered, now);
    if (remembered.idleSince !== null && now - remembered.idleSince > idle) return [];
    return remembered.events.map((e) => e.event).filter((e) => seqOf(e.id) > seqOf(lastEventId));
  }

  function join(channel: string) {
    const remembered = recent.get(channel) ?? { events: [], subscribers: 0, idleSince: null };
    remembered.subscribers++;
    remembered.idleSince = null;
    recent.set(channel, remembered);
  }

  function leave(channel: string) {
    const remembered = recent.get(channel);
    if (!remembered) return;
    remembered.subscribers--;
    if (remembered.subscribers <= 0) {
      remembered.subscribers = 0;
      remembered.idleSince = Date.now();
    }
  }

  return {
    publish<T>(channel: Channel<T>, data: T) {
      const event: BusEvent<T> = { id: `${run}:${++sequence}`, channel, data };
      const remembered = recent.get(channel);
      if (remembered) {
        const now = Date.now();
        dropExpired(remembered, now);
        remembered.events.push({ event, at: now });
        if (remembered.events.length > REPLAY_LIMIT) remembered.events.shift();
      }
      emitter.emit(channel, event);
      return event;
    },
    async *subscribe<T>(channel: Channel<T>, options: { lastEventId?: string | null; signal?: AbortSignal } = {}) {
      // Listen before replaying so nothing published in between is lost.
      const live = on(emitter, channel, { signal: options.signal });
      const replayed = replayAfter(channel, options.lastEventId);
      join(channel);
      try {
        for (const event of replayed) yield event as BusEvent<T>;
        const lastReplayed = replayed.at(-1)?.id;
        for await (const [event] of live) {
          const e = event as BusEvent<T>;
          if (lastReplayed && seqOf(e.id) <= seqOf(lastReplayed)) continue;
          yield e;
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      } finally {
        leave(channel);
        // Stops the listener when the subscriber returned early without aborting.
        await live.return?.();
      }
    },
    async close() {
      clearInterval(sweeper);
      emitter.removeAllListeners();
      recent.clear();
    },
  };
}
