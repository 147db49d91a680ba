import { count, eq } from 'drizzle-orm';
import { BLOCK_LIMITS } from '../../../domain/blocks';
import type { Db } from '../../db/database';
import { userBlocks } from '../../db/schema/blocks';
import { profiles } from '../../db/schema/profiles';
import type { BlockedMemberData } from '../../contracts/block-events';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { loadBlockedMember } from './blocked-member-data';

/**
 * The caller blocks a member. Blocking again changes nothing and records nothing (the same answer). An unknown id is
 * answered as an unknown member; the blocked member is never told (the event goes to the blocker's tabs only).
 */
export async function blockMember(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { userId: string },
): Promise<BlockedMemberData> {
  if (input.userId === actor.id) throw new AppError('BLOCK_SELF');
  return inTransaction(deps, async (tx, emit) => {
    // The blocker's own row, locked: two blocks at once cannot both pass the limit.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).for('update');
    const [target] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
    if (!target) throw new AppError('BLOCK_UNKNOWN_MEMBER');
    const existing = await loadBlockedMember(tx, actor.id, input.userId);
    if (existing) return existing;
    const [{ blocked } = { blocked: 0 }] = await tx
      .select({ blocked: count() })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, actor.id));
    if (blocked >= BLOCK_LIMITS.maxBlocked) throw new AppError('BLOCK_LIMIT');
    await tx.insert(userBlocks).values({ blockerId: actor.id, blockedId: input.userId });
    const member = (await loadBlockedMember(tx, actor.id, input.userId))!;
    emit({ type: 'user.blocked', actorId: actor.id, member });
    return member;
  });
}
