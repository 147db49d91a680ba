import { PRESENCE_WATCH_MAX } from '../../../domain/presence';

/** Dots of one render mount within a few milliseconds of each other: their users are asked for together. */
export const PRESENCE_BATCH_WAIT_MS = 10;

interface Waiter<R> {
  resolve(records: R[]): void;
  reject(error: unknown): void;
}

/**
 * Asks for the presence of the users on screen in one call, not one call per avatar: each dot asks for its user,
 * and the users asked for within `waitMs` go to the server together (at most PRESENCE_WATCH_MAX per call, the
 * server's limit). Each dot gets its user's records, as a call about that user alone would have answered.
 */
export function createPresenceBatcher<R extends { userId: string }>(
  fetchMany: (userIds: string[]) => Promise<R[]>,
  waitMs = PRESENCE_BATCH_WAIT_MS,
) {
  let pending = new Map<string, Waiter<R>[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    const userIds = [...batch.keys()];
    for (let start = 0; start < userIds.length; start += PRESENCE_WATCH_MAX) {
      const chunk = userIds.slice(start, start + PRESENCE_WATCH_MAX);
      fetchMany(chunk).then(
        (records) => {
          for (const userId of chunk) {
            const own = records.filter((record) => record.userId === userId);
            for (const waiter of batch.get(userId)!) waiter.resolve(own);
          }
        },
        (error: unknown) => {
          for (const userId of chunk) for (const waiter of batch.get(userId)!) waiter.reject(error);
        },
      );
    }
  }

  return function presenceOf(userId: string): Promise<R[]> {
    return new Promise<R[]>((resolve, reject) => {
      const waiters = pending.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(userId, [{ resolve, reject }]);
      timer ??= setTimeout(flush, waitMs);
    });
  };
}
