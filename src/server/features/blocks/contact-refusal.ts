import type { Db, Tx } from '../../db/database';
import { AppError } from '../../errors';
import { hasBlocked, isBlockedBetween } from './block-rules';

/**
 * Refuses the actor's contact with `otherId` when either blocked the other: the blocker is told it is their block
 * (BLOCKED_BY_YOU), the blocked member gets `neutral`, which never says why.
 */
export async function refuseIfBlocked(
  db: Db | Tx,
  actorId: string,
  otherId: string,
  neutral: 'BLOCKED_CONVERSATION' | 'BLOCKED_CONTACT',
): Promise<void> {
  if (!(await isBlockedBetween(db, actorId, otherId))) return;
  throw new AppError((await hasBlocked(db, actorId, otherId)) ? 'BLOCKED_BY_YOU' : neutral);
}
