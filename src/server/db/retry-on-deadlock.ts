/**
 * PostgreSQL's answer when two transactions wait for each other: it rolls one back (deadlock_detected) and the other
 * goes on. The one rolled back changed nothing and may simply run again, as PostgreSQL's manual advises.
 */
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 3;

/** Runs `work` (a whole transaction, nothing outside the database) again when it was the deadlock's victim. */
export async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

/** The driver's error, or Drizzle's wrapper of it (its cause). */
function isDeadlock(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === DEADLOCK_DETECTED) return true;
  }
  return false;
}
