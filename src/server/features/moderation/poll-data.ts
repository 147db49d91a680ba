import { eq, sql } from 'drizzle-orm';
import { banSubjectName, type PollType, type PollVote } from '../../../domain/polls';
import type { Db, Tx } from '../../db/database';
import { polls } from '../../db/schema/moderation';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import type { PollData } from '../../contracts/moderation-events';

const countOf = (vote: PollVote) =>
  sql<number>`(select count(*)::int from poll_votes v where v.poll_id = ${polls.id} and v.vote = ${vote})`;

/**
 * What a poll's card needs, in one statement: the subject's public name only (a service's title, a user's first name
 * and last initial: never a full name, an email or a date of birth, many users being minors), and the counts.
 */
export const pollColumns = {
  id: polls.id,
  pollType: polls.pollType,
  title: polls.title,
  description: polls.description,
  serviceId: polls.serviceId,
  targetUserId: polls.targetUserId,
  serviceOwnerId: services.userId,
  serviceTitle: services.title,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  expiresAt: polls.expiresAt,
  createdAt: polls.createdAt,
  yes: countOf('yes'),
  no: countOf('no'),
};

interface PollRow {
  id: string;
  pollType: PollType;
  title: string;
  description: string;
  serviceId: string | null;
  targetUserId: string | null;
  serviceOwnerId: string | null;
  serviceTitle: string | null;
  firstName: string | null;
  lastName: string | null;
  expiresAt: Date;
  createdAt: Date;
  yes: number;
  no: number;
}

/**
 * The polls joined to their subjects (a service's poll to the service, a user's to their profile), with the
 * viewer's own vote when a viewer is given.
 */
export function selectPolls(db: Db | Tx, viewerId: string | null = null) {
  const myVote = viewerId
    ? sql<PollVote | null>`(select v.vote from poll_votes v where v.poll_id = ${polls.id} and v.user_id = ${viewerId})`
    : sql<PollVote | null>`null`;
  return db
    .select({ ...pollColumns, myVote })
    .from(polls)
    .leftJoin(services, eq(services.id, polls.serviceId))
    .leftJoin(profiles, eq(profiles.id, polls.targetUserId));
}

export function pollDataOf(row: PollRow): PollData {
  return {
    id: row.id,
    pollType: row.pollType,
    title: row.title,
    description: row.description,
    serviceId: row.serviceId,
    serviceOwnerId: row.serviceOwnerId,
    targetUserId: row.targetUserId,
    subjectName:
      row.pollType === 'service_deletion'
        ? (row.serviceTitle ?? '')
        : banSubjectName({ firstName: row.firstName, lastName: row.lastName }),
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    yes: Number(row.yes),
    no: Number(row.no),
  };
}

/** One poll's counts (inside the voter's transaction, under the poll's row lock, so they are exact). */
export async function pollCounts(tx: Tx, pollId: string): Promise<{ yes: number; no: number }> {
  const result = await tx.execute<{ yes: number; no: number }>(
    sql`select count(*) filter (where vote = 'yes')::int as yes, count(*) filter (where vote = 'no')::int as no
        from poll_votes where poll_id = ${pollId}`,
  );
  const row = result.rows[0];
  return { yes: Number(row?.yes ?? 0), no: Number(row?.no ?? 0) };
}
