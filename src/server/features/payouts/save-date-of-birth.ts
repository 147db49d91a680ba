import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';

/** Saves the date of birth the payout rules need; the user's other open pages refresh. */
export async function saveDateOfBirth(deps: { db: Db; bus: EventBus }, actor: { id: string }, dateOfBirth: string) {
  await deps.db.update(profiles).set({ dateOfBirth, updatedAt: new Date() }).where(eq(profiles.id, actor.id));
  deps.bus.publish(channels.profile(actor.id), { type: 'profile-updated' });
  return { dateOfBirth };
}
