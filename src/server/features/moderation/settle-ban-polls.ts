import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { polls } from '../../db/schema/moderation';

/**
 * A member's passed ban polls that wait for an admin are settled once the member is suspended: marked reviewed by
 * the suspending admin, inside the caller's transaction. Returns their ids for the audit entry.
 */
export async function settleBanPolls(tx: Tx, userId: string, adminId: string): Promise<string[]> {
  const settled = await tx
    .update(polls)
    .set({ reviewedAt: sql`now()`, reviewedBy: adminId })
    .where(
      and(
        eq(polls.targetUserId, userId),
        eq(polls.pollType, 'user_ban'),
        eq(polls.outcome, 'passed'),
        isNull(polls.reviewedAt),
      ),
    )
    .returning({ id: polls.id });
  return settled.map((p) => p.id);
}
