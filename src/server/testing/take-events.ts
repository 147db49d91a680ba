import type { BusEvent } from '../realtime/event-bus';

/** The data of the first `count` events of a subscription (tests of the event buses). */
export async function takeEvents(iterable: AsyncIterable<BusEvent>, count: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const event of iterable) {
    out.push(event.data);
    if (out.length === count) break;
  }
  return out;
}
