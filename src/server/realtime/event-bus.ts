import { EventEmitter, on } from 'node:events';
import { randomBytes } from 'node:crypto';

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
  publish(channel: string, data: unknown): BusEvent;
  /** Events on the channel, first replaying those after `lastEventId` that are still remembered. */
  subscribe(channel: string, options?: { lastEventId?: string | null; signal?: AbortSignal }): AsyncIterable<BusEvent>;
  close(): Promise<void>;
}

const REPLAY_LIMIT = 200;

export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Ids carry a per-run prefix so an id from before a restart is never mistaken for a recent one.
  const run = randomBytes(4).toString('hex');
  let sequence = 0;
  const recent = new Map<string, BusEvent[]>();

  function replayAfter(channel: string, lastEventId: string | null | undefined): BusEvent[] {
    if (!lastEventId) return [];
    const [idRun, idSeq] = lastEventId.split(':');
    if (idRun !== run) return [];
    return (recent.get(channel) ?? []).filter((e) => Number(e.id.split(':')[1]) > Number(idSeq));
  }

  return {
    publish(channel, data) {
      const event: BusEvent = { id: `${run}:${++sequence}`, channel, data };
      const list = recent.get(channel) ?? [];
      list.push(event);
      if (list.length > REPLAY_LIMIT) list.shift();
      recent.set(channel, list);
      emitter.emit(channel, event);
      return event;
    },
    async *subscribe(channel, options = {}) {
      // Listen before replaying so nothing published in between is lost.
      const live = on(emitter, channel, { signal: options.signal });
      const replayed = replayAfter(channel, options.lastEventId);
      for (const event of replayed) yield event;
      const lastReplayed = replayed.at(-1)?.id;
      try {
        for await (const [event] of live) {
          const e = event as BusEvent;
          if (lastReplayed && Number(e.id.split(':')[1]) <= Number(lastReplayed.split(':')[1])) continue;
          yield e;
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
    },
    async close() {
      emitter.removeAllListeners();
      recent.clear();
    },
  };
}
