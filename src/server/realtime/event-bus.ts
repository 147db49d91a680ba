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
  /**
   * Events on the channel (or channels: one stream, in the order published), first replaying those after
   * `lastEventId` that are still remembered.
   */
  subscribe<T>(
    channel: Channel<T> | readonly Channel<T>[],
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
/**
 * A channel with more subscribers than this gets each event in slices of this many, one slice per turn of the event
 * loop: a message to a room of 1,000 readers was one turn of some 40 ms (each reader's subscription, serialising and
 * sending), in which no other request, timer or socket was served (bench/rooms).
 */
export const FANOUT_SLICE = 100;
/** Deliveries of one channel left for later turns, at most: past it, publishing hands them all out at once. */
export const FANOUT_BACKLOG = 2_000;
/**
 * Events waiting for one subscriber to take them. Ours take each at once (the socket's send does not wait), so a
 * subscriber this far behind is stuck: it is ended with an error (the client resubscribes from its last event id)
 * instead of holding events without end.
 */
export const SUBSCRIBER_BACKLOG = 5_000;

export class SubscriberBacklogError extends Error {
  constructor() {
    super('The live subscription fell too far behind');
  }
}

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
  type Listener = (event: BusEvent) => void;
  const listeners = new Map<string, Set<Listener>>();
  /**
   * The events still being handed out, slice by slice, in the order published, whatever their channel: one
   * subscriber's merged channels (a room and its receipts) then never see a later event before an earlier one, and
   * the id it resumes from never skips one.
   */
  const queue: { channel: string; event: BusEvent; to: Listener[]; next: number }[] = [];
  let queued = 0;
  let scheduled = false;
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

  /** To every subscriber of the channel: at once for a small channel, slice by slice for a large one. */
  function deliver(channel: string, event: BusEvent) {
    const set = listeners.get(channel);
    if (!set) return;
    if (queue.length === 0 && set.size <= FANOUT_SLICE) {
      for (const listener of set) listener(event);
      return;
    }
    queue.push({ channel, event, to: [...set], next: 0 });
    queued += set.size;
    // Published faster than handed out: the rest now, in this turn. The publisher's own request waits for it, so a
    // room's senders slow down to what its readers can be sent instead of queueing without end.
    if (queued > FANOUT_BACKLOG) while (handOutSlice());
    else if (!scheduled) handOut();
  }

  /** Up to FANOUT_SLICE deliveries, oldest event first; whether any are left. */
  function handOutSlice(): boolean {
    let budget = FANOUT_SLICE;
    while (budget > 0 && queue.length > 0) {
      const fanout = queue[0]!;
      const set = listeners.get(fanout.channel);
      const end = Math.min(fanout.next + budget, fanout.to.length);
      budget -= end - fanout.next;
      queued -= end - fanout.next;
      for (; fanout.next < end; fanout.next++) {
        const listener = fanout.to[fanout.next]!;
        // Gone since the event was published: nothing to hand it to.
        if (set?.has(listener)) listener(fanout.event);
      }
      if (fanout.next === fanout.to.length) queue.shift();
    }
    return queue.length > 0;
  }

  function handOut() {
    scheduled = handOutSlice();
    if (scheduled) setImmediate(handOut);
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
      deliver(channel, event);
      return event;
    },
    async *subscribe<T>(
      channel: Channel<T> | readonly Channel<T>[],
      options: { lastEventId?: string | null; signal?: AbortSignal } = {},
    ) {
      const { signal } = options;
      if (signal?.aborted) return;
      const names: readonly string[] = typeof channel === 'string' ? [channel] : channel;
      // Listen before replaying so nothing published in between is lost.
      const waiting: BusEvent[] = [];
      let taken = 0;
      let wake: (() => void) | null = null;
      let overflowed = false;
      const listener: Listener = (event) => {
        // Checked as events arrive, not as they are taken: a subscriber parked in a slow await takes nothing.
        if (waiting.length - taken >= SUBSCRIBER_BACKLOG) overflowed = true;
        else waiting.push(event);
        wake?.();
      };
      const onAbort = () => wake?.();
      signal?.addEventListener('abort', onAbort, { once: true });
      for (const name of names) {
        const set = listeners.get(name) ?? new Set();
        set.add(listener);
        listeners.set(name, set);
      }
      const replayed = names
        .flatMap((name) => replayAfter(name, options.lastEventId))
        .sort((a, b) => seqOf(a.id) - seqOf(b.id));
      names.forEach(join);
      try {
        for (const event of replayed) yield event as BusEvent<T>;
        const lastReplayed = replayed.at(-1)?.id;
        while (!signal?.aborted) {
          if (overflowed) throw new SubscriberBacklogError();
          if (taken === waiting.length) {
            waiting.length = taken = 0;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
            continue;
          }
          const event = waiting[taken++]! as BusEvent<T>;
          if (lastReplayed && seqOf(event.id) <= seqOf(lastReplayed)) continue;
          yield event;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        for (const name of names) {
          const set = listeners.get(name);
          set?.delete(listener);
          if (set?.size === 0) listeners.delete(name);
          leave(name);
        }
      }
    },
    async close() {
      clearInterval(sweeper);
      listeners.clear();
      queue.length = queued = 0;
      recent.clear();
    },
  };
}
