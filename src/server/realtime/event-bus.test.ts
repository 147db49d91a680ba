import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSameSite } from '../trpc';
import { createInProcessEventBus } from './event-bus';
import { takeEvents } from '../testing/take-events';
import { rawChannel } from './channels';

describe('in-process event bus', () => {
  it('delivers events on a channel to its subscribers only', async () => {
    const bus = createInProcessEventBus();
    const events = takeEvents(bus.subscribe(rawChannel('a')), 2);
    await Promise.resolve();
    bus.publish(rawChannel('b'), 'not mine');
    bus.publish(rawChannel('a'), 1);
    bus.publish(rawChannel('a'), 2);
    expect(await events).toEqual([1, 2]);
  });

  it('resumes after the last event id seen before a reconnect', async () => {
    const bus = createInProcessEventBus();
    // A tab was listening, then its socket dropped.
    const before = new AbortController();
    const listening = takeEvents(bus.subscribe(rawChannel('a'), { signal: before.signal }), 1);
    await Promise.resolve();
    const first = bus.publish(rawChannel('a'), 1);
    await listening;
    bus.publish(rawChannel('a'), 2);
    bus.publish(rawChannel('a'), 3);
    const resumed = takeEvents(bus.subscribe(rawChannel('a'), { lastEventId: first.id }), 3);
    await Promise.resolve();
    bus.publish(rawChannel('a'), 4);
    expect(await resumed).toEqual([2, 3, 4]);
  });

  it('ignores an id from another server run', async () => {
    const bus = createInProcessEventBus();
    bus.publish(rawChannel('a'), 1);
    const events = takeEvents(bus.subscribe(rawChannel('a'), { lastEventId: 'deadbeef:0' }), 1);
    await Promise.resolve();
    bus.publish(rawChannel('a'), 2);
    expect(await events).toEqual([2]);
  });

  it('remembers nothing for a channel nobody listens to', async () => {
    const bus = createInProcessEventBus();
    const first = bus.publish(rawChannel('a'), 1);
    bus.publish(rawChannel('a'), 2);
    const events = takeEvents(bus.subscribe(rawChannel('a'), { lastEventId: first.id }), 1);
    await Promise.resolve();
    bus.publish(rawChannel('a'), 3);
    expect(await events).toEqual([3]);
  });

  describe('replay buffers do not outlive their use', () => {
    afterEach(() => vi.useRealTimers());

    async function listenedThenLeft(bus: ReturnType<typeof createInProcessEventBus>) {
      const controller = new AbortController();
      const listening = takeEvents(bus.subscribe(rawChannel('a'), { signal: controller.signal }), 2);
      await Promise.resolve();
      const first = bus.publish(rawChannel('a'), 1);
      bus.publish(rawChannel('a'), 2);
      await listening;
      return first.id;
    }

    it('a remembered event expires', async () => {
      vi.useFakeTimers();
      const bus = createInProcessEventBus({ replayTtlMs: 1000, replayIdleMs: 60_000 });
      const keep = takeEvents(bus.subscribe(rawChannel('a')), 3);
      await Promise.resolve();
      const first = bus.publish(rawChannel('a'), 1);
      bus.publish(rawChannel('a'), 2);
      vi.advanceTimersByTime(1500);
      bus.publish(rawChannel('a'), 3);
      await keep;
      const resumed = takeEvents(bus.subscribe(rawChannel('a'), { lastEventId: first.id }), 1);
      expect(await resumed).toEqual([3]);
    });

    it('a channel is forgotten once its last subscriber has been gone a while', async () => {
      vi.useFakeTimers();
      const bus = createInProcessEventBus({ replayTtlMs: 60_000, replayIdleMs: 1000 });
      const firstId = await listenedThenLeft(bus);
      vi.advanceTimersByTime(2000);
      const resumed = takeEvents(bus.subscribe(rawChannel('a'), { lastEventId: firstId }), 1);
      await Promise.resolve();
      bus.publish(rawChannel('a'), 3);
      expect(await resumed).toEqual([3]);
    });
  });

  it('stops when the subscriber aborts', async () => {
    const bus = createInProcessEventBus();
    const controller = new AbortController();
    const done = takeEvents(bus.subscribe(rawChannel('a'), { signal: controller.signal }), 5);
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
