import { describe, expect, it } from 'vitest';
import { createInProcessEventBus } from './event-bus';
import { rawChannel } from './channels';
import { mergeStreams } from './merge-streams';

describe('mergeStreams', () => {
  it('passes on the events of both channels as they come, and ending it ends both subscriptions', async () => {
    const bus = createInProcessEventBus();
    const [a, b] = [rawChannel<string>('merge:a'), rawChannel<string>('merge:b')];
    const stop = new AbortController();
    const merged = mergeStreams(
      [bus.subscribe(a, { signal: stop.signal }), bus.subscribe(b, { signal: stop.signal })],
      () => stop.abort(),
    );
    const first = merged.next();
    bus.publish(b, 'b1');
    expect((await first).value?.data).toBe('b1');
    const second = merged.next();
    bus.publish(a, 'a1');
    bus.publish(a, 'a2');
    expect((await second).value?.data).toBe('a1');
    expect((await merged.next()).value?.data).toBe('a2');
    stop.abort();
    expect(await merged.return(undefined)).toEqual({ done: true, value: undefined });
    // Nobody listens any more: a publish now goes nowhere.
    bus.publish(a, 'late');
    expect(await merged.next()).toEqual({ done: true, value: undefined });
    await bus.close();
  });

  it('ends when one stream ends, stopping the others parked in their waits', async () => {
    const bus = createInProcessEventBus();
    const stop = new AbortController();
    async function* two() {
      yield 1;
      yield 2;
    }
    const quiet = async function* () {
      for await (const event of bus.subscribe(rawChannel<number>('merge:quiet'), { signal: stop.signal }))
        yield event.data;
    };
    const seen: number[] = [];
    for await (const n of mergeStreams([two(), quiet()], () => stop.abort())) seen.push(n);
    expect(seen).toEqual([1, 2]);
    await bus.close();
  });

  it('ends with the error of a stream that fails, stopping the others', async () => {
    const bus = createInProcessEventBus();
    const stop = new AbortController();
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('fell behind');
    }
    const quiet = async function* () {
      for await (const event of bus.subscribe(rawChannel<number>('merge:quiet2'), { signal: stop.signal }))
        yield event.data;
    };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of mergeStreams([failing(), quiet()], () => stop.abort())) seen.push(n);
      })(),
    ).rejects.toThrow('fell behind');
    expect(seen).toEqual([1]);
    expect(stop.signal.aborted).toBe(true);
    await bus.close();
  });
});
