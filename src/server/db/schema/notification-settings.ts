import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { ChannelChoice } from '../../../domain/notification-preferences';
import type { NotificationKind } from '../../../domain/notifications';
import { instant, userKey } from './columns';

/**
 * A member's notification choices (src/domain/notification-preferences.ts); no row means the defaults. `kinds` holds
 * only the kinds they changed, keyed by kind (at most one entry per kind: the input schema allows no other key).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userKey(),
    pushEnabled: boolean('push_enabled').notNull().default(true),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timeZone: text('time_zone'),
    kinds: jsonb('kinds').$type<Partial<Record<NotificationKind, ChannelChoice>>>().notNull().default({}),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_settings_quiet_hours',
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and coalesce(${t.quietStart}, 0) between 0 and 1439 and coalesce(${t.quietEnd}, 0) between 0 and 1439`,
    ),
    check('notification_settings_zone_length', sql`char_length(${t.timeZone}) <= 64`),
    check('notification_settings_kinds_size', sql`octet_length(${t.kinds}::text) <= 4000`),
  ],
);
