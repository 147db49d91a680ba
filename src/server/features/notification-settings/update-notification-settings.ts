import type { NotificationSettingsInput } from '../../../domain/notification-preferences';
import type { Db } from '../../db/database';
import { notificationSettings } from '../../db/schema/notification-settings';

/** Saves the whole form at once (the switches, quiet hours, the zone and every changed kind). */
export async function updateNotificationSettings(
  deps: { db: Db },
  actor: { id: string },
  input: NotificationSettingsInput,
): Promise<void> {
  const values = {
    pushEnabled: input.pushEnabled,
    emailEnabled: input.emailEnabled,
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    timeZone: input.timeZone,
    kinds: input.kinds,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(notificationSettings)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
