import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { userBlocks } from '../../db/schema/blocks';
import { profiles } from '../../db/schema/profiles';
import type { BlockedMemberData } from '../../contracts/block-events';

/** The columns of a blocked member as the Settings list shows them: their public name and picture only. */
export const blockedMemberColumns = {
  userId: userBlocks.blockedId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatarUrl: profiles.avatarUrl,
  blockedAt: sql<string>`to_char(${userBlocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** One block of `blockerId`'s, as the list shows it, or undefined when there is none. */
export async function loadBlockedMember(
  db: Db | Tx,
  blockerId: string,
  blockedId: string,
): Promise<BlockedMemberData | undefined> {
  const [row] = await db
    .select(blockedMemberColumns)
    .from(userBlocks)
    .innerJoin(profiles, eq(profiles.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return row;
}
