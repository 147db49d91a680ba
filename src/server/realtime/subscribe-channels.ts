import type { Channel } from './channels';
import type { EventBus } from './event-bus';

/**
 * Several channels of the bus as one stream, in the order published (the bus numbers events across channels, so one
 * resume id serves them all). It ends with the caller's `signal`; `close` ends it from inside (a reader refused, a
 * room deleted), stopping the bus's wait first: an async generator's return waits for the `next` it is parked in.
 */
export function subscribeChannels<T>(
  bus: EventBus,
  channels: Channel<T>[],
  { lastEventId, signal }: { lastEventId?: string | null | undefined; signal?: AbortSignal | undefined },
) {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (signal?.aborted) stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const events = bus.subscribe(channels, { lastEventId, signal: stop.signal })[Symbol.asyncIterator]();
  return {
    events,
    async close() {
      signal?.removeEventListener('abort', onAbort);
      stop.abort();
      await events.return?.(undefined);
    },
  };
}
