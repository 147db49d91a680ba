import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../../domain/profile';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { EventBus } from '../../realtime/event-bus';
import { catalogueChanged, channels, type ProfileEvent } from '../../realtime/channels';

/** Updates the actor's own profile row; the id comes from the session, never from the input. */
export async function updateProfile(db: Db, bus: EventBus, actor: { id: string }, input: ProfileUpdate) {
  const [updated] = await db
    .update(profiles)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(profiles.id, actor.id))
    .returning({ id: profiles.id });
  if (updated) {
    bus.publish(channels.profile(actor.id), { type: 'profile-updated' } satisfies ProfileEvent);
    catalogueChanged(bus);
  }
  return { ok: Boolean(updated) };
}
