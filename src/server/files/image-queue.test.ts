import { describe, expect, it } from 'vitest';
import { UPLOADS_BUSY_MESSAGE } from '../../domain/files';
import { createImageQueue } from './image-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('image queue', () => {
  it('runs at most `concurrency` tasks at once and the rest in turn', async () => {
    const queue = createImageQueue(2, 10);
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 5 }, deferred);
    const all = gates.map((gate, i) =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        return i;
      }),
    );
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('answers busy once the waiting line is full, and takes work again after', async () => {
    const queue = createImageQueue(1, 1);
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toThrow(UPLOADS_BUSY_MESSAGE);
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('a failing task frees its slot', async () => {
    const queue = createImageQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
