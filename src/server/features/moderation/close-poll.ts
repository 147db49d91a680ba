import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { pollOutcome } from '../../../domain/polls';
import type { Db, Tx } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { polls } from '../../db/schema/moderation';
import { services } from '../../db/schema/services';
import type { AppEvent } from '../../contracts/app-events';
import { pollCounts } from './poll-data';

/**
 * Closes one expired poll inside the caller's transaction (the sweep's, or a new poll's on the same subject): locks
 * it, sets is_active false, closed_at and the outcome, records the outcome in audit_events and emits poll.closed.
 * Does nothing when the poll is already closed or not yet expired (two servers' sweeps, a vote that won the lock).
 * A passed service_deletion poll also hides its service (hidden_at, in this transaction) and emits service.hidden,
 * so the listings drop it live; it stays until an admin deletes or restores it (domain/polls.ts). A user_ban poll
 * hides nothing: it only flags the member for an admin.
 * Lock order: the poll row, then the service row. Every path that locks both takes them in this order (deleting or
 * restoring a service locks its poll rows first: admin-services/lock-service-polls.ts), so none deadlocks with it.
 */
export async function closeExpiredPoll(tx: Tx, emit: (event: AppEvent) => void, pollId: string, now: Date) {
  const [poll] = await tx
    .select({
      id: polls.id,
      pollType: polls.pollType,
      serviceId: polls.serviceId,
      targetUserId: polls.targetUserId,
    })
    .from(polls)
    .where(and(eq(polls.id, pollId), eq(polls.isActive, true), lte(polls.expiresAt, now)))
    .for('update');
  if (!poll) return null;
  const counts = await pollCounts(tx, poll.id);
  const outcome = pollOutcome(counts);
  await tx.update(polls).set({ isActive: false, closedAt: now, outcome }).where(eq(polls.id, poll.id));
  const hides = outcome === 'passed' && poll.pollType === 'service_deletion' && poll.serviceId !== null;
  if (hides) {
    // Already hidden (an earlier passed poll an admin has not reviewed): keep the first time, emit nothing new.
    const hidden = await tx
      .update(services)
      .set({ hiddenAt: now })
      .where(and(eq(services.id, poll.serviceId!), isNull(services.hiddenAt)))
      .returning({ id: services.id });
    if (hidden.length > 0) emit({ type: 'service.hidden', actorId: null, serviceId: poll.serviceId!, pollId: poll.id });
  }
  await tx.insert(auditEvents).values({
    action: 'poll.closed',
    actorId: null,
    subjectId: poll.serviceId ?? poll.targetUserId,
    details: {
      pollId: poll.id,
      pollType: poll.pollType,
      outcome,
      yes: counts.yes,
      no: counts.no,
      // What the outcome asks of an admin (domain/polls.ts): nothing is removed by a vote alone.
      awaits:
        outcome === 'passed'
          ? poll.pollType === 'service_deletion'
            ? 'service-hide-confirmation'
            : 'user-ban-review'
          : null,
    },
  });
  emit({
    type: 'poll.closed',
    actorId: null,
    pollId: poll.id,
    pollType: poll.pollType,
    serviceId: poll.serviceId,
    targetUserId: poll.targetUserId,
    outcome,
    ...counts,
    closedAt: now.toISOString(),
  });
  return { pollId: poll.id, outcome, ...counts };
}

/** The expired polls still active, oldest expiry first, at most `limit` (the partial index on expires_at). */
export async function expiredActivePolls(
  tx: Db | Tx,
  now: Date,
  limit: number,
  subject?: { serviceId?: string; targetUserId?: string },
) {
  const rows = await tx
    .select({ id: polls.id })
    .from(polls)
    .where(
      and(
        eq(polls.isActive, true),
        lte(polls.expiresAt, now),
        subject?.serviceId ? eq(polls.serviceId, subject.serviceId) : undefined,
        subject?.targetUserId
          ? and(eq(polls.targetUserId, subject.targetUserId), sql`${polls.pollType} = 'user_ban'`)
          : undefined,
      ),
    )
    .orderBy(polls.expiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
