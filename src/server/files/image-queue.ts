import { IMAGE_DECODE_CONCURRENCY, IMAGE_QUEUE_MAX_WAITING, UPLOADS_BUSY_MESSAGE } from '../../domain/files';
import { AppError } from '../errors';

export interface ImageQueue {
  /** Runs `task` when a slot is free; refuses with BUSY when too many already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * Decoding is where an upload costs memory (width x height x channels) and CPU: a few at a time, a few more waiting,
 * and a clear "busy" beyond that, so a burst of uploads cannot exhaust the server.
 */
export function createImageQueue(
  concurrency: number = IMAGE_DECODE_CONCURRENCY,
  maxWaiting: number = IMAGE_QUEUE_MAX_WAITING,
): ImageQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new AppError('BUSY', UPLOADS_BUSY_MESSAGE);
        // The slot is handed over by release(): `running` stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
