import { eq } from 'drizzle-orm';
import { isPollOpen, type PollVote, voteRefusal } from '../../../domain/polls';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { polls, pollVotes } from '../../db/schema/moderation';
import { services } from '../../db/schema/services';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { MODERATION_REFUSALS } from './moderation-refusals';
import { pollCounts } from './poll-data';

/**
 * A member votes once on an open poll (spec 2 section 4). The poll's row is locked first, so votes on one poll and
 * its close take turns: a vote never lands on a poll the sweep is closing, and the counts each vote's event carries
 * only grow. A second vote, even at the same moment, meets the (poll, user) primary key and is refused. The poll's
 * subject and accounts newer than the poll are refused by domain voteRefusal, the rule /polls' cards show too, so a
 * handful of sign-ups made for the occasion cannot decide a poll.
 */
export async function castVote(
  deps: { db: Db; events: DomainEvents; now?: () => Date },
  actor: { id: string },
  input: { pollId: string; vote: PollVote },
) {
  return inTransaction(deps, async (tx, emit) => {
    const [poll] = await tx
      .select({
        id: polls.id,
        isActive: polls.isActive,
        expiresAt: polls.expiresAt,
        createdAt: polls.createdAt,
        pollType: polls.pollType,
        serviceId: polls.serviceId,
        targetUserId: polls.targetUserId,
      })
      .from(polls)
      .where(eq(polls.id, input.pollId))
      .for('update');
    if (!poll) throw MODERATION_REFUSALS.pollNotFound();
    if (!isPollOpen(poll, deps.now?.() ?? new Date())) throw MODERATION_REFUSALS.pollEnded();
    // Who may vote (domain/polls.ts voteRefusal): read here, not locked; an owner or an account's age does not change.
    const [voter] = await tx
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, actor.id));
    const [service] = poll.serviceId
      ? await tx.select({ userId: services.userId }).from(services).where(eq(services.id, poll.serviceId))
      : [];
    const refusal = voteRefusal({ ...poll, serviceOwnerId: service?.userId ?? null }, voter ?? null);
    if (refusal) throw MODERATION_REFUSALS.voteRefused(refusal);
    const [cast] = await tx
      .insert(pollVotes)
      .values({ pollId: poll.id, userId: actor.id, vote: input.vote })
      .onConflictDoNothing()
      .returning({ vote: pollVotes.vote });
    if (!cast) throw MODERATION_REFUSALS.alreadyVoted();
    const counts = await pollCounts(tx, poll.id);
    emit({ type: 'poll.voted', actorId: actor.id, pollId: poll.id, ...counts });
    return { pollId: poll.id, myVote: cast.vote, ...counts };
  });
}
