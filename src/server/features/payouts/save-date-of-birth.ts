import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { lockedDateOfBirthCheck, refuseDateOfBirthChange } from '../profiles/date-of-birth-lock';

/**
 * Saves the date of birth the payout rules need; the user's other open pages refresh (profile.updated). Once it has
 * decided payouts it cannot be moved across 18 (see date-of-birth-lock.ts).
 */
export async function saveDateOfBirth(
  deps: { db: Db; events: DomainEvents; now?: () => Date },
  actor: { id: string },
  { dateOfBirth }: { dateOfBirth: string },
) {
  const today = deps.now?.() ?? new Date();
  const refused = await inTransaction(deps, async (tx, emit) => {
    const refusal = await lockedDateOfBirthCheck(tx, actor.id, dateOfBirth, today);
    if (!refusal) {
      await tx.update(profiles).set({ dateOfBirth, updatedAt: new Date() }).where(eq(profiles.id, actor.id));
      emit({ type: 'profile.updated', userId: actor.id });
    }
    return refusal;
  });
  if (refused) return refuseDateOfBirthChange(deps.db, actor, refused, 'payouts');
  return { dateOfBirth };
}
