import { AppError } from '../errors';

type Waiting<In, Out> = { item: In; resolve(out: Out): void; reject(error: unknown): void };

/**
 * Group commit: each caller adds one item and awaits its own result; the items that arrive while a batch is being
 * written go together in the next one. Idle, an item is written in the same turn of the event loop (no timer, no
 * added wait); under a burst the batches grow with the load, up to `maxBatch`. One batch at a time, so a burst of
 * background writes (a thousand readers marking a room read) holds the database connection for one statement at a
 * time, and the writes that matter to someone waiting (a message sent) pass between them.
 *
 * Two items of one `key` never share a batch (the statement would see the same row twice): the later waits for the
 * next. A batch that fails is written again one item at a time, so one bad item fails alone. More than `maxPending`
 * waiting: refused as BUSY rather than queued without end.
 */
export function groupCommit<In, Out>(
  write: (items: In[]) => Promise<Out[]>,
  options: { maxBatch: number; maxPending: number; key(item: In): string },
): (item: In) => Promise<Out> {
  let waiting: Waiting<In, Out>[] = [];
  let writing = false;

  async function writeBatch(batch: Waiting<In, Out>[]) {
    try {
      const results = await write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const w of batch) await writeBatch([w]);
    }
  }

  async function drain() {
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch: Waiting<In, Out>[] = [];
        const later: Waiting<In, Out>[] = [];
        const keys = new Set<string>();
        for (const w of waiting) {
          const key = options.key(w.item);
          if (batch.length < options.maxBatch && !keys.has(key)) {
            keys.add(key);
            batch.push(w);
          } else later.push(w);
        }
        waiting = later;
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      if (waiting.length >= options.maxPending) return reject(new AppError('BUSY'));
      waiting.push({ item, resolve, reject });
      // A microtask later: the calls of one socket frame (or one tick) start together.
      if (!writing) {
        writing = true;
        queueMicrotask(() => void drain());
      }
    });
}
