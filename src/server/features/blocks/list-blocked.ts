import { and, desc, eq, sql } from 'drizzle-orm';
import { BLOCK_LIMITS } from '../../../domain/blocks';
import type { Db } from '../../db/database';
import { userBlocks } from '../../db/schema/blocks';
import { profiles } from '../../db/schema/profiles';
import type { BlockedMemberData } from '../../contracts/block-events';
import { blockedMemberColumns } from './blocked-member-data';

export type BlockedCursor = { createdAt: string; userId: string };

/** The members the caller blocked, newest first, one bounded page at a time (keyset on the time and the id). */
export async function listBlocked(
  deps: { db: Db },
  actor: { id: string },
  input: { cursor?: BlockedCursor | null },
): Promise<{ items: BlockedMemberData[]; nextCursor: BlockedCursor | null }> {
  const limit = BLOCK_LIMITS.pageSize;
  const after = input.cursor
    ? sql`(${userBlocks.createdAt}, ${userBlocks.blockedId}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.userId})`
    : undefined;
  const rows = await deps.db
    .select(blockedMemberColumns)
    .from(userBlocks)
    .innerJoin(profiles, eq(profiles.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, actor.id), after))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? { createdAt: last.blockedAt, userId: last.userId } : null,
  };
}

/** Every id the caller blocked (at most BLOCK_LIMITS.maxBlocked): what a room folds for them. */
export async function listBlockedIds(deps: { db: Db }, actor: { id: string }): Promise<string[]> {
  const rows = await deps.db
    .select({ userId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, actor.id))
    .limit(BLOCK_LIMITS.maxBlocked);
  return rows.map((r) => r.userId);
}
