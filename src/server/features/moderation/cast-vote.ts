import { eq } from 'drizzle-orm';
import { isPollOpen, type PollVote } from '../../../domain/polls';
import type { Db } from '../../db/database';
import { polls, pollVotes } from '../../db/schema/moderation';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { MODERATION_REFUSALS } from './moderation-refusals';
import { pollCounts } from './poll-data';

/**
 * A member votes once on an open poll (spec 2 section 4). The poll's row is locked first, so votes on one poll and
 * its close take turns: a vote never lands on a poll the sweep is closing, and the counts each vote's event carries
 * only grow. A second vote, even at the same moment, meets the (poll, user) primary key and is refused.
 */
export async function castVote(
  deps: { db: Db; events: DomainEvents; now?: () => Date },
  actor: { id: string },
  input: { pollId: string; vote: PollVote },
) {
  return inTransaction(deps, async (tx, emit) => {
    const [poll] = await tx
      .select({ id: polls.id, isActive: polls.isActive, expiresAt: polls.expiresAt })
      .from(polls)
      .where(eq(polls.id, input.pollId))
      .for('update');
    if (!poll) throw MODERATION_REFUSALS.pollNotFound();
    if (!isPollOpen(poll, deps.now?.() ?? new Date())) throw MODERATION_REFUSALS.pollEnded();
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
