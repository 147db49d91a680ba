import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../../domain/profile';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { lockedDateOfBirthCheck, refuseDateOfBirthChange } from './date-of-birth-lock';
import { publicProfileColumns, toPublicProfileData } from './public-profile-columns';

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
    if (refused) return { refused, updated: null };
    // The row is locked by the check above: the date of birth read here is the one this update replaces.
    const [before] = await tx
      .select({ dateOfBirth: profiles.dateOfBirth })
      .from(profiles)
      .where(eq(profiles.id, actor.id));
    const [updated] = await tx
      .update(profiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(profiles.id, actor.id))
      .returning({ ...publicProfileColumns, dateOfBirth: profiles.dateOfBirth });
    if (!updated) return { refused: null, updated: null };
    const { dateOfBirth, ...profile } = updated;
    emit({
      type: 'profile.updated',
      userId: actor.id,
      profile: toPublicProfileData(profile),
      privateFieldsChanged: before?.dateOfBirth !== dateOfBirth,
    });
    return { refused: null, updated: { profile, dateOfBirth } };
  });
  if (result.refused) return refuseDateOfBirthChange(deps.db, actor, result.refused, 'profile');
  // The answer goes to the owner alone: the date of birth may travel with it (never on the live channel).
  return result.updated ? { ok: true, ...result.updated } : { ok: false, profile: null, dateOfBirth: null };
}
