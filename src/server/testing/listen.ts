import type { Channel } from '../realtime/channels';
import type { EventBus } from '../realtime/event-bus';

/** Everything published on a channel of the bus from now until `stop()` (tests of what goes live). */
export function listen<T>(bus: EventBus, channel: Channel<T>) {
  const controller = new AbortController();
  const seen: T[] = [];
  void (async () => {
    try {
      for await (const event of bus.subscribe(channel, { signal: controller.signal })) seen.push(event.data);
    } catch {
      // aborted
    }
  })();
  return { seen, stop: () => controller.abort() };
}
