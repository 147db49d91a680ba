import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSameSite } from '../trpc';
import { createInProcessEventBus, FANOUT_BACKLOG, FANOUT_SLICE, SUBSCRIBER_BACKLOG, type EventBus } from './event-bus';
import { takeEvents } from '../testing/take-events';
import { defineChannel, type Channel } from './channels';

/** `size` subscribers of the channel, each recording what it gets; `stop` ends them all. */
async function subscribers(bus: EventBus, channel: Channel<number>, size: number) {
  const abort = new AbortController();
  const got: number[][] = Array.from({ length: size }, () => []);
  const readers = got.map(async (mine) => {
    for await (const event of bus.subscribe(channel, { signal: abort.signal })) mine.push(event.data);
  });
  await new Promise((resolve) => setImmediate(resolve));
  return {
    got,
    async stop() {
      abort.abort();
      await Promise.all(readers);
    },
  };
}

describe('in-process event bus', () => {
  it('delivers events on a channel to its subscribers only', async () => {
    const bus = createInProcessEventBus();
    const events = takeEvents(bus.subscribe(defineChannel('a')), 2);
    await Promise.resolve();
    bus.publish(defineChannel('b'), 'not mine');
    bus.publish(defineChannel('a'), 1);
    bus.publish(defineChannel('a'), 2);
    expect(await events).toEqual([1, 2]);
  });

  it('resumes after the last event id seen before a reconnect', async () => {
    const bus = createInProcessEventBus();
    // A tab was listening, then its socket dropped.
    const before = new AbortController();
    const listening = takeEvents(bus.subscribe(defineChannel('a'), { signal: before.signal }), 1);
    await Promise.resolve();
    const first = bus.publish(defineChannel('a'), 1);
    await listening;
    bus.publish(defineChannel('a'), 2);
    bus.publish(defineChannel('a'), 3);
    const resumed = takeEvents(bus.subscribe(defineChannel('a'), { lastEventId: first.id }), 3);
    await Promise.resolve();
    bus.publish(defineChannel('a'), 4);
    expect(await resumed).toEqual([2, 3, 4]);
  });

  it('ignores an id from another server run', async () => {
    const bus = createInProcessEventBus();
    bus.publish(defineChannel('a'), 1);
    const events = takeEvents(bus.subscribe(defineChannel('a'), { lastEventId: 'deadbeef:0' }), 1);
    await Promise.resolve();
    bus.publish(defineChannel('a'), 2);
    expect(await events).toEqual([2]);
  });

  it('remembers nothing for a channel nobody listens to', async () => {
    const bus = createInProcessEventBus();
    const first = bus.publish(defineChannel('a'), 1);
    bus.publish(defineChannel('a'), 2);
    const events = takeEvents(bus.subscribe(defineChannel('a'), { lastEventId: first.id }), 1);
    await Promise.resolve();
    bus.publish(defineChannel('a'), 3);
    expect(await events).toEqual([3]);
  });

  describe('replay buffers do not outlive their use', () => {
    afterEach(() => vi.useRealTimers());

    async function listenedThenLeft(bus: ReturnType<typeof createInProcessEventBus>) {
      const controller = new AbortController();
      const listening = takeEvents(bus.subscribe(defineChannel('a'), { signal: controller.signal }), 2);
      await Promise.resolve();
      const first = bus.publish(defineChannel('a'), 1);
      bus.publish(defineChannel('a'), 2);
      await listening;
      return first.id;
    }

    it('a remembered event expires', async () => {
      vi.useFakeTimers();
      const bus = createInProcessEventBus({ replayTtlMs: 1000, replayIdleMs: 60_000 });
      const keep = takeEvents(bus.subscribe(defineChannel('a')), 3);
      await Promise.resolve();
      const first = bus.publish(defineChannel('a'), 1);
      bus.publish(defineChannel('a'), 2);
      vi.advanceTimersByTime(1500);
      bus.publish(defineChannel('a'), 3);
      await keep;
      const resumed = takeEvents(bus.subscribe(defineChannel('a'), { lastEventId: first.id }), 1);
      expect(await resumed).toEqual([3]);
    });

    it('a channel is forgotten once its last subscriber has been gone a while', async () => {
      vi.useFakeTimers();
      const bus = createInProcessEventBus({ replayTtlMs: 60_000, replayIdleMs: 1000 });
      const firstId = await listenedThenLeft(bus);
      vi.advanceTimersByTime(2000);
      const resumed = takeEvents(bus.subscribe(defineChannel('a'), { lastEventId: firstId }), 1);
      await Promise.resolve();
      bus.publish(defineChannel('a'), 3);
      expect(await resumed).toEqual([3]);
    });
  });

  it('hands a large channel its events a slice of subscribers per turn, each subscriber getting them in order', async () => {
    const bus = createInProcessEventBus();
    const channel = defineChannel<number>('big');
    const size = FANOUT_SLICE * 3 + 1;
    const { got, stop } = await subscribers(bus, channel, size);
    bus.publish(channel, 1);
    bus.publish(channel, 2);
    // Within this turn of the event loop (microtasks only): the first slice has both events, the rest none yet.
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    expect(got.filter((mine) => mine.length > 0).length).toBe(FANOUT_SLICE);
    await expect.poll(() => got.every((mine) => mine.join() === '1,2')).toBe(true);
    await stop();
    await bus.close();
  });

  it('hands out at once what is published faster than the slices go, instead of queueing without end', async () => {
    const bus = createInProcessEventBus();
    const channel = defineChannel<number>('flood');
    const size = FANOUT_SLICE * 3 + 1;
    const { got, stop } = await subscribers(bus, channel, size);
    // Just enough events that the deliveries left for later (all but the first slice) pass the backlog: the last
    // publish hands out everything.
    const events = Math.floor((FANOUT_BACKLOG - size + FANOUT_SLICE) / size) + 2;
    for (let n = 1; n <= events; n++) bus.publish(channel, n);
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    expect(got.every((mine) => mine.length === events)).toBe(true);
    await stop();
    await bus.close();
  });

  it('keeps the order of publishing across channels: a small channel waits for a large one being handed out', async () => {
    const bus = createInProcessEventBus();
    const room = defineChannel<number>('order:room');
    const receipts = defineChannel<number>('order:receipts');
    const { got, stop } = await subscribers(bus, room, FANOUT_SLICE * 2);
    // The last of the room's readers also listens to its own receipts, as watchRoom does.
    const order: number[] = [];
    const abort = new AbortController();
    const mine = (async () => {
      for await (const event of bus.subscribe([room, receipts], { signal: abort.signal })) {
        order.push(event.data);
        if (order.length === 2) return;
      }
    })();
    await new Promise((resolve) => setImmediate(resolve));
    bus.publish(room, 1);
    bus.publish(receipts, 2);
    await mine;
    expect(order).toEqual([1, 2]);
    expect(got.every((events) => events.join() === '1')).toBe(true);
    await stop();
    await bus.close();
  });

  it('one subscription to several channels gets them in publishing order and resumes after an id across them', async () => {
    const bus = createInProcessEventBus();
    const [a, b] = [defineChannel<string>('multi:a'), defineChannel<string>('multi:b')];
    const first = takeEvents(bus.subscribe([a, b]), 3);
    await Promise.resolve();
    bus.publish(a, 'a1');
    const seen = bus.publish(b, 'b1');
    bus.publish(a, 'a2');
    expect(await first).toEqual(['a1', 'b1', 'a2']);
    // A reconnect after b1: a2 comes again from a's memory, and what came since from both, in order.
    const resumed = takeEvents(bus.subscribe([a, b], { lastEventId: seen.id }), 3);
    await Promise.resolve();
    bus.publish(b, 'b2');
    bus.publish(a, 'a3');
    expect(await resumed).toEqual(['a2', 'b2', 'a3']);
    await bus.close();
  });

  it('ends a subscriber that stopped taking its events, instead of holding them without end', async () => {
    const bus = createInProcessEventBus();
    const channel = defineChannel<number>('stuck');
    const stuck = bus.subscribe(channel)[Symbol.asyncIterator]();
    const first = stuck.next();
    await Promise.resolve();
    for (let n = 0; n <= SUBSCRIBER_BACKLOG + 1; n++) bus.publish(channel, n);
    await expect(first).rejects.toThrow('fell too far behind');
    await bus.close();
  });

  it('stops when the subscriber aborts', async () => {
    const bus = createInProcessEventBus();
    const controller = new AbortController();
    const done = takeEvents(bus.subscribe(defineChannel('a'), { signal: controller.signal }), 5);
    controller.abort();
    expect(await done).toEqual([]);
  });
});

describe('live subscriptions come from this site only', () => {
  const config = { trustedOrigins: ['http://localhost:3000'] };
  it.each([
    [{ origin: 'http://localhost:3000', fetchSite: null, host: 'localhost:3000' }, true],
    [{ origin: 'http://127.0.0.1:3000', fetchSite: null, host: '127.0.0.1:3000' }, true],
    [{ origin: 'https://evil.example', fetchSite: 'cross-site', host: 'localhost:3000' }, false],
    [{ origin: null, fetchSite: 'same-origin', host: 'localhost:3000' }, true],
    [{ origin: null, fetchSite: 'cross-site', host: 'localhost:3000' }, false],
    [{ origin: null, fetchSite: 'same-site', host: 'localhost:3000' }, false],
  ])('%j -> %s', (request, allowed) => {
    expect(isSameSite({ ...request, config })).toBe(allowed);
  });
});
