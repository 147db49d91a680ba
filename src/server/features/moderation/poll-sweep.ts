import { POLL_LIMITS } from '../../../domain/polls';
import type { Db } from '../../db/database';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { closeExpiredPoll, expiredActivePolls } from './close-poll';
import { runPeriodically } from '../../jobs/run-periodically';

/** How often the server closes expired polls. */
export const POLL_SWEEP_INTERVAL_MS = 60_000;

type SweepDeps = { db: Db; events: DomainEvents };

/**
 * Closes the polls whose 7 days have passed, each in its own transaction with its audit row and event, at most
 * POLL_LIMITS.sweepBatch a run. `now` is a parameter so tests can move the clock.
 */
export async function runPollSweep(deps: SweepDeps, now: Date) {
  const due = await expiredActivePolls(deps.db, now, POLL_LIMITS.sweepBatch);
  const closed = [];
  for (const pollId of due) {
    const result = await inTransaction(deps, (tx, emit) => closeExpiredPoll(tx, emit, pollId, now));
    if (result) closed.push(result);
  }
  return closed;
}

/**
 * Runs the sweep on a timer for the server's lifetime, as the settlement sweep does; errors are logged and the next
 * run tries again. The returned stop waits for a run in progress.
 */
export function startPollSweep(deps: SweepDeps, log: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => runPollSweep(deps, new Date()), {
    intervalMs: POLL_SWEEP_INTERVAL_MS,
    runAtStart: true,
    log,
  });
}
