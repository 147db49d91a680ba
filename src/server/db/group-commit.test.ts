import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/**
 * A writer that records its batches and answers each item with its double (or fails a batch with 13). Its first
 * write waits for finish(), as a slow statement does.
 */
function recordingWriter() {
  const batches: number[][] = [];
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const write = async (items: number[]) => {
    batches.push(items);
    await finished;
    if (items.includes(13)) throw new Error('unlucky');
    return items.map((n) => n * 2);
  };
  return { batches, write, finish };
}

describe('groupCommit', () => {
  it('writes what arrives while a batch is written as the next batch, each caller getting its own result', async () => {
    const writer = recordingWriter();
    const add = groupCommit(writer.write, { maxBatch: 10, maxPending: 100, key: String });
    const first = add(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const later = [add(2), add(3), add(4)];
    writer.finish();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches under maxBatch, never puts one key twice in a batch, and fails a bad item alone', async () => {
    const writer = recordingWriter();
    writer.finish();
    const add = groupCommit(writer.write, { maxBatch: 2, maxPending: 100, key: (n) => String(n % 10) });
    const results = await Promise.allSettled([add(1), add(11), add(13), add(4)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 22, 'failed', 8]);
    // 1 and 11 share a key: 11 waits for the next batch; the batch with 13 failed, then went one at a time.
    expect(writer.batches).toEqual([[1, 13], [1], [13], [11, 4]]);
  });

  it('refuses as busy beyond maxPending instead of queueing without end', async () => {
    const writer = recordingWriter();
    const add = groupCommit(writer.write, { maxBatch: 1, maxPending: 2, key: String });
    const accepted = [add(1), add(2)];
    await expect(add(3)).rejects.toMatchObject({ code: 'BUSY' });
    writer.finish();
    expect(await Promise.all(accepted)).toEqual([2, 4]);
  });
});
