import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userBlocks } from '../../db/schema/blocks';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';

/**
 * The caller lifts a block of theirs; lifting one that is not there changes nothing and records nothing. The answer
 * names the member (their public name only) for the blocker's toast.
 */
export async function unblockMember(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { userId: string },
): Promise<{ userId: string; firstName: string | null; lastName: string | null; blocked: false }> {
  return inTransaction(deps, async (tx, emit) => {
    const removed = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, input.userId)))
      .returning({ userId: userBlocks.blockedId });
    if (removed.length > 0) emit({ type: 'user.unblocked', actorId: actor.id, userId: input.userId });
    const [name] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    return {
      userId: input.userId,
      firstName: name?.firstName ?? null,
      lastName: name?.lastName ?? null,
      blocked: false,
    };
  });
}
