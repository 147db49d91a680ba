import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { AUTO_CONFIRM_DAYS } from '../../../domain/deal';
import { conversations } from '../../db/schema/conversations';
import { services } from '../../db/schema/services';
import { ownerSuspended } from '../services/service-queries';
import { autoConfirm } from './auto-confirm';
import { retryRefunds } from './refunds';
import { retryReversals } from './reversals';
import { retryTransfers, type SettlementDeps } from './transfers';
import { runPeriodically } from '../../jobs/run-periodically';

/** How often the server looks for work to accept automatically and money movements to retry. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Accepts completed services whose 3 days have passed, and retries transfers and refunds a crash or an outage left
 * unfinished (reversals of payouts too). `now` is a parameter so tests can move the clock.
 *
 * Not while an admin reviews: a conversation whose service a passed poll hid, or whose provider is
 * suspended, is not accepted on the client's behalf, so no payout leaves before the admin decides; the admin's
 * window is not cut short by AUTO_CONFIRM_DAYS. It is picked up by the first run after a restore or the end of the
 * suspension. The client may still confirm, open a dispute or be refunded meanwhile. autoConfirm checks the same
 * again under the conversation's lock; this filter only spares the sweep the paused ones each minute.
 */
export async function runSettlementSweep(deps: SettlementDeps, now: Date): Promise<{ autoConfirmed: number }> {
  const cutoff = new Date(now.getTime() - AUTO_CONFIRM_DAYS * 24 * 60 * 60 * 1000);
  const due = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        isNull(conversations.acceptedAt),
        lte(conversations.completedAt, cutoff),
        isNull(conversations.cancelledAt),
        eq(conversations.disputeOpen, false),
        sql`not exists (select 1 from ${services} s where s.id = ${conversations.serviceId} and s.hidden_at is not null)`,
        sql`not ${ownerSuspended(conversations.participant2Id)}`,
      ),
    );
  let autoConfirmed = 0;
  for (const { id } of due) {
    const step = await autoConfirm({ ...deps, now: () => now }, null, { conversationId: id });
    if (step.messages.length > 0) autoConfirmed += 1;
  }
  await retryTransfers(deps, now);
  await retryReversals(deps, now);
  await retryRefunds(deps, now);
  return { autoConfirmed };
}

/**
 * Runs the sweep on a timer for the server's lifetime; errors are logged and the next run tries again. The returned
 * stop waits for a run in progress, so shutdown never closes the database under a half-finished money movement.
 */
export function startSettlementSweep(deps: SettlementDeps, log: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => runSettlementSweep(deps, new Date()), {
    intervalMs: SWEEP_INTERVAL_MS,
    runAtStart: true,
    log,
  });
}
