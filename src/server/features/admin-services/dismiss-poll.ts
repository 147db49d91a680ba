import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { polls } from '../../db/schema/moderation';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { MODERATION_REFUSALS } from '../moderation/moderation-refusals';
import { ADMIN_SERVICES_REFUSALS } from './admin-services-refusals';

/**
 * An admin decides not to act on a passed user_ban poll (a vote only flags a member; domain/polls.ts): it is marked
 * reviewed by them, with a 'poll.dismissed' audit row holding their reason (required), in one transaction, under the poll's row lock so two admins
 * cannot both dismiss it. Any other poll (running, failed, a service's, already reviewed) is refused, unchanged: a
 * service's passed poll is settled by deleting or restoring the service, a member's also by suspending them.
 */
export async function dismissPoll(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: { pollId: string; reason: string },
) {
  return inTransaction(deps, async (tx, emit) => {
    const [poll] = await tx
      .select({
        id: polls.id,
        pollType: polls.pollType,
        outcome: polls.outcome,
        reviewedAt: polls.reviewedAt,
        targetUserId: polls.targetUserId,
        title: polls.title,
      })
      .from(polls)
      .where(eq(polls.id, input.pollId))
      .for('update');
    if (!poll) throw MODERATION_REFUSALS.pollNotFound();
    if (poll.pollType !== 'user_ban' || poll.outcome !== 'passed' || poll.reviewedAt !== null) {
      throw ADMIN_SERVICES_REFUSALS.notDismissible();
    }
    await tx
      .update(polls)
      .set({ reviewedAt: sql`now()`, reviewedBy: admin.id })
      .where(eq(polls.id, poll.id));
    await tx.insert(auditEvents).values({
      action: 'poll.dismissed',
      actorId: admin.id,
      subjectId: poll.targetUserId,
      details: { pollId: poll.id, pollType: poll.pollType, title: poll.title, reason: input.reason },
    });
    emit({ type: 'poll.dismissed', actorId: admin.id, pollId: poll.id, targetUserId: poll.targetUserId });
    return { ok: true as const };
  });
}
