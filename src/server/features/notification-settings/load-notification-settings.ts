import { eq } from 'drizzle-orm';
import { ageGroup } from '../../../domain/profile';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../domain/notification-preferences';
import type { Db, Tx } from '../../db/database';
import { notificationSettings } from '../../db/schema/notification-settings';
import { profiles } from '../../db/schema/profiles';

/**
 * A member's choices (the defaults without a row) and whether they count as a minor: an unknown age counts as one,
 * so nobody is nudged by email before their age is known. What email and push ask before sending anything.
 */
export async function loadNotificationSettings(
  db: Db | Tx,
  userId: string,
): Promise<{ settings: NotificationSettings; isMinor: boolean }> {
  const [row] = await db
    .select({ settings: notificationSettings, dateOfBirth: profiles.dateOfBirth })
    .from(profiles)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  const isMinor = ageGroup(row?.dateOfBirth) !== 'adult';
  const stored = row?.settings;
  if (!stored) return { settings: DEFAULT_NOTIFICATION_SETTINGS, isMinor };
  return {
    settings: {
      pushEnabled: stored.pushEnabled,
      emailEnabled: stored.emailEnabled,
      quietHours:
        stored.quietStart !== null && stored.quietEnd !== null
          ? { start: stored.quietStart, end: stored.quietEnd }
          : null,
      timeZone: stored.timeZone,
      kinds: stored.kinds,
    },
    isMinor,
  };
}
