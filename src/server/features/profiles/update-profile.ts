import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../../domain/profile';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { EventBus } from '../../realtime/event-bus';
import { catalogueChanged, channels, type ProfileEvent } from '../../realtime/channels';
import { lockedDateOfBirthCheck, refuseDateOfBirthChange } from './date-of-birth-lock';

/**
 * Updates the actor's own profile row; the id comes from the session, never from the input. A date of birth that
 * already decided payouts cannot be moved across 18 here (nothing is saved then, and the attempt is recorded).
 */
export async function updateProfile(
  db: Db,
  bus: EventBus,
  actor: { id: string },
  input: ProfileUpdate,
  today: Date = new Date(),
) {
  const result = await db.transaction(async (tx) => {
    const refused = await lockedDateOfBirthCheck(tx, actor.id, input.dateOfBirth, today);
    if (refused) return { refused };
    const [updated] = await tx
      .update(profiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(profiles.id, actor.id))
      .returning({ id: profiles.id });
    return { updated };
  });
  if (result.refused) return refuseDateOfBirthChange(db, actor, result.refused, 'profile');
  if (result.updated) {
    bus.publish(channels.profile(actor.id), { type: 'profile-updated' } satisfies ProfileEvent);
    catalogueChanged(bus);
  }
  return { ok: Boolean(result.updated) };
}
