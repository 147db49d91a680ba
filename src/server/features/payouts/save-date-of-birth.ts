import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';
import { lockedDateOfBirthCheck, refuseDateOfBirthChange } from '../profiles/date-of-birth-lock';

/**
 * Saves the date of birth the payout rules need; the user's other open pages refresh. Once it has decided payouts
 * it cannot be moved across 18 (see date-of-birth-lock.ts).
 */
export async function saveDateOfBirth(
  deps: { db: Db; bus: EventBus },
  actor: { id: string },
  dateOfBirth: string,
  today: Date = new Date(),
) {
  const refused = await deps.db.transaction(async (tx) => {
    const refusal = await lockedDateOfBirthCheck(tx, actor.id, dateOfBirth, today);
    if (!refusal) {
      await tx.update(profiles).set({ dateOfBirth, updatedAt: new Date() }).where(eq(profiles.id, actor.id));
    }
    return refusal;
  });
  if (refused) return refuseDateOfBirthChange(deps.db, actor, refused, 'payouts');
  deps.bus.publish(channels.profile(actor.id), { type: 'profile-updated' });
  return { dateOfBirth };
}
