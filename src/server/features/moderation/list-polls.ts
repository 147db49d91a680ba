import { and, desc, eq, lte } from 'drizzle-orm';
import { POLL_LIMITS, POLL_LISTING_WINDOW_MS, type PollVote } from '../../../domain/polls';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { polls } from '../../db/schema/moderation';
import type { PollData } from '../../contracts/moderation-events';
import { pollDataOf, selectPolls } from './poll-data';

export type PollView = PollData & { myVote: PollVote | null };

/**
 * /polls: the active polls expiring within 7 days (spec 2 section 7), newest first, at most POLL_LIMITS.listMax,
 * each with its counts and the viewer's own vote (spec's get_poll_results, has_user_voted, get_user_vote in one read).
 * With the server's clock (`now`): the page counts "Xd Yh remaining" from it, not from the device's clock, which a
 * phone may have wrong by hours. With the viewer's own id and account creation (`voter`): each card, a poll that
 * arrives live included, says why this viewer may not vote (domain voteRefusal, which castVote enforces) instead of
 * offering buttons the server would refuse.
 */
export async function listPolls(
  deps: { db: Db },
  viewer: { id: string },
  now = new Date(),
): Promise<{ now: string; voter: { id: string; createdAt: string } | null; polls: PollView[] }> {
  const rows = await selectPolls(deps.db, viewer.id)
    .where(and(eq(polls.isActive, true), lte(polls.expiresAt, new Date(now.getTime() + POLL_LISTING_WINDOW_MS))))
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(POLL_LIMITS.listMax);
  const [account] = await deps.db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, viewer.id));
  return {
    now: now.toISOString(),
    voter: account ? { id: account.id, createdAt: account.createdAt.toISOString() } : null,
    polls: rows.map((row) => ({ ...pollDataOf(row), myVote: row.myVote ?? null })),
  };
}
