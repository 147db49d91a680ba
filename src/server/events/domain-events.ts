import type { Db } from '../db/database';
import type { AppEvent, AppEventType } from '../contracts/app-events';
import {
  DISPATCH_LIMITS,
  dispatchBatch,
  pruneEvents,
  registerHandlers,
  type BatchResult,
  type DispatchLimits,
  type DispatchLog,
} from './dispatcher';
import type { AnyEventHandler, AnyLiveListener, LiveListener } from './handlers';

/**
 * How often a server looks for due deliveries it was not woken for: left by a crash, recorded by another server,
 * or retries coming due.
 */
export const POLL_MS = 3_000;
/** Events (and their finished, parked or orphaned deliveries) are kept this long, then pruned. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** The first pruning waits a little, so a start's own queries go first. */
const FIRST_PRUNE_MS = 60_000;

export interface DomainEvents {
  /**
   * After a commit that recorded these events: runs the live listeners now, in process (a listener's error is
   * logged, never thrown), then wakes the dispatcher if a durable handler of this server listens to one of them.
   */
  committed(events: readonly AppEvent[]): void;
  /** Registers this server's handlers in the database, then dispatches (woken, and polling) until stop. */
  start(): Promise<void>;
  /** Stops dispatching and waits for the batch in progress to commit or roll back. */
  stop(): Promise<void>;
  /** Runs batches until no delivery of this server's handlers is due (tests, shutdown of a one-off script). */
  drain(): Promise<void>;
  /** Deletes events past the retention now; returns how many. */
  prune(): Promise<number>;
}

export interface DomainEventsOptions {
  db: Db;
  handlers?: readonly AnyEventHandler[];
  live?: readonly AnyLiveListener[];
  log: DispatchLog;
  /** Tests shorten these. */
  limits?: Partial<DispatchLimits>;
  pollMs?: number;
  retentionMs?: number;
  pruneEveryMs?: number;
}

export function createDomainEvents({
  db,
  handlers = [],
  live = [],
  log,
  limits: limitOverrides,
  pollMs = POLL_MS,
  retentionMs = EVENT_RETENTION_MS,
  pruneEveryMs = PRUNE_EVERY_MS,
}: DomainEventsOptions): DomainEvents {
  const limits = { ...DISPATCH_LIMITS, ...limitOverrides };
  const byName = new Map<string, AnyEventHandler>();
  for (const handler of handlers) {
    if (byName.has(handler.name)) throw new Error(`Two event handlers are named ${handler.name}`);
    byName.set(handler.name, handler);
  }
  const durableTypes = new Set<AppEventType>(handlers.map((h) => h.on));
  const liveByType = new Map<AppEventType, LiveListener[]>();
  for (const listener of live) {
    liveByType.set(listener.on, [...(liveByType.get(listener.on) ?? []), listener as LiveListener]);
  }

  // Requests queued for a connection of the pool (on the embedded database, its only one).
  const othersWaiting = () => db.$client.waitingCount > 0;
  let started = false;
  let stopping = false;
  /** Every batch and pruning runs on this chain: one at a time per server, and stop() waits for its end. */
  let chain: Promise<unknown> = Promise.resolve();
  let looping = false;
  let wokenAgain = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => {});
    return run;
  };

  /** Runs the live listeners of committed events (a listener's error is logged); true if a durable handler waits. */
  function announce(events: readonly AppEvent[]): boolean {
    let durable = false;
    for (const event of events) {
      for (const listener of liveByType.get(event.type) ?? []) {
        try {
          listener.publish(event);
        } catch (error) {
          log.error({ err: error, type: event.type }, 'live event listener failed');
        }
      }
      durable ||= durableTypes.has(event.type);
    }
    return durable;
  }

  const batch = (): Promise<BatchResult> =>
    exclusive(() => dispatchBatch(db, byName, limits, log, othersWaiting)).then(
      (result) => {
        // The batch committed: what its handlers emitted goes live now (and wakes the handlers of those events, if any).
        if (announce(result.emitted)) wake();
        return result;
      },
      (error: unknown) => {
        // The database is unreachable or the batch itself failed: its deliveries are untouched, the poll retries.
        log.error({ err: error }, 'event dispatch failed');
        return { claimed: 0, leftOver: 0, retryInMs: null, emitted: [] };
      },
    );

  const schedulePoll = (inMs: number) => {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(wake, inMs);
    pollTimer.unref();
  };

  async function loop() {
    let retryInMs: number | null = null;
    do {
      wokenAgain = false;
      const result = await batch();
      // A full batch means more may be due right now.
      if (result.claimed === limits.batchSize || result.leftOver > 0) wokenAgain = true;
      if (result.retryInMs !== null) retryInMs = Math.min(retryInMs ?? result.retryInMs, result.retryInMs);
    } while (wokenAgain && !stopping);
    if (!stopping) schedulePoll(Math.min(pollMs, retryInMs ?? pollMs));
  }

  function wake() {
    if (!started || stopping || byName.size === 0) return;
    if (looping) {
      wokenAgain = true;
      return;
    }
    looping = true;
    void loop().finally(() => {
      looping = false;
    });
  }

  const prune = () =>
    exclusive(() => pruneEvents(db, retentionMs)).catch((error: unknown) => {
      log.error({ err: error }, 'event pruning failed');
      return 0;
    });

  const schedulePrune = (inMs: number) => {
    pruneTimer = setTimeout(() => {
      void prune().finally(() => !stopping && schedulePrune(pruneEveryMs));
    }, inMs);
    pruneTimer.unref();
  };

  return {
    committed(events) {
      if (announce(events)) wake();
    },
    async start() {
      if (started) return;
      await registerHandlers(db, handlers);
      started = true;
      wake();
      schedulePrune(Math.min(FIRST_PRUNE_MS, pruneEveryMs));
    },
    async stop() {
      stopping = true;
      if (pollTimer) clearTimeout(pollTimer);
      if (pruneTimer) clearTimeout(pruneTimer);
      // The loop may queue one more batch before it sees `stopping`; wait until the chain is idle.
      for (let last: Promise<unknown> | null = null; last !== chain;) {
        last = chain;
        await last;
      }
    },
    async drain() {
      while ((await batch()).claimed > 0);
    },
    prune,
  };
}
