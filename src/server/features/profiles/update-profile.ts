import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../../domain/profile';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { lockedDateOfBirthCheck, refuseDateOfBirthChange } from './date-of-birth-lock';

/**
 * Updates the actor's own profile row; the id comes from the session, never from the input. A date of birth that
 * already decided payouts cannot be moved across 18 here (nothing is saved then, and the attempt is recorded).
 */
export async function updateProfile(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: ProfileUpdate,
) {
  const result = await inTransaction(deps, async (tx, emit) => {
    const refused = await lockedDateOfBirthCheck(tx, actor.id, input.dateOfBirth, new Date());
    if (refused) return { refused };
    const [updated] = await tx
      .update(profiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(profiles.id, actor.id))
      .returning({ id: profiles.id });
    if (updated) emit({ type: 'profile.updated', userId: actor.id });
    return { updated };
  });
  if (result.refused) return refuseDateOfBirthChange(deps.db, actor, result.refused, 'profile');
  return { ok: Boolean(result.updated) };
}
