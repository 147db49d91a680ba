import { POLL_LIMITS } from '../../../domain/polls';
import type { Db } from '../../db/database';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { closeExpiredPoll, expiredActivePolls } from './close-poll';
import { runPeriodically } from '../../jobs/run-periodically';

/** How often the server closes expired polls. */
export const POLL_SWEEP_INTERVAL_MS = 60_000;

type SweepDeps = { db: Db; events: DomainEvents };

type CloseOne = typeof closeExpiredPoll;

/**
 * Closes the polls whose 7 days have passed, each in its own transaction with its audit row and event, at most
 * POLL_LIMITS.sweepBatch a run. One poll that fails to close is logged and skipped (its transaction rolled back, so
 * it stays active and the next run tries it again): it never stops the others from closing.
 * `now` is a parameter so tests can move the clock; `close` so a test can make one poll fail.
 */
export async function runPollSweep(deps: SweepDeps & { log?: (error: unknown) => void; close?: CloseOne }, now: Date) {
  const due = await expiredActivePolls(deps.db, now, POLL_LIMITS.sweepBatch);
  const close = deps.close ?? closeExpiredPoll;
  const closed = [];
  for (const pollId of due) {
    try {
      const result = await inTransaction(deps, (tx, emit) => close(tx, emit, pollId, now));
      if (result) closed.push(result);
    } catch (error) {
      (deps.log ?? console.error)(
        new Error(`Poll ${pollId} could not be closed; the next sweep tries again`, { cause: error }),
      );
    }
  }
  return closed;
}

/**
 * Runs the sweep on a timer for the server's lifetime, as the settlement sweep does; errors are logged and the next
 * run tries again. The returned stop waits for a run in progress.
 */
export function startPollSweep(deps: SweepDeps, log: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => runPollSweep({ ...deps, log }, new Date()), {
    intervalMs: POLL_SWEEP_INTERVAL_MS,
    runAtStart: true,
    log,
  });
}
