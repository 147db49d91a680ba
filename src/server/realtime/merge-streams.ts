import type { Channel } from './channels';
import type { BusEvent, EventBus } from './event-bus';

/**
 * The events of several subscriptions as one stream, each as it arrives (each stream's own order kept). It ends when
 * any of them ends or fails, and ending it returns them all. An async generator's return waits for the `next` it is
 * parked in, so the streams must be stoppable from outside: `stop` (aborting their signal) is called first.
 */
export async function* mergeStreams<T>(streams: AsyncIterable<T>[], stop: () => void): AsyncGenerator<T> {
  const iterators = streams.map((stream) => stream[Symbol.asyncIterator]());
  const next = (i: number) => iterators[i]!.next().then((result) => ({ i, result }));
  const pending = iterators.map((_, i) => next(i));
  try {
    for (;;) {
      const { i, result } = await Promise.race(pending);
      if (result.done) return;
      pending[i] = next(i);
      yield result.value;
    }
  } finally {
    // However it ended (one stream done or failed, or the caller returning): the others stop waiting first.
    stop();
    // The nexts still pending settle once their streams end: nobody awaits them, so they must not reject unheard.
    for (const p of pending) p.catch(() => undefined);
    await Promise.all(iterators.map((iterator) => iterator.return?.()));
  }
}

/**
 * Several channels of the bus as one stream (mergeStreams), resuming each after `lastEventId` (the bus numbers
 * events across channels). It ends with the caller's `signal`; `close` ends it from inside (a reader refused, a room
 * deleted), stopping the bus's waits first so it never waits for an event that may never come.
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
  const events = mergeStreams<BusEvent<T>>(
    channels.map((channel) => bus.subscribe(channel, { lastEventId, signal: stop.signal })),
    () => stop.abort(),
  );
  return {
    events,
    async close() {
      signal?.removeEventListener('abort', onAbort);
      stop.abort();
      await events.return(undefined);
    },
  };
}
