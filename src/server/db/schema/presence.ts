import { pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PRESENCE_STATUSES } from '../../../domain/presence';
import { users } from './auth';

export const presenceStatusEnum = pgEnum('presence_status', PRESENCE_STATUSES);

/** The presence record of spec 1 section 3: the last heartbeat, and a status the user chose. */
export const presence = pgTable('presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  onlineAt: timestamp('online_at', { withTimezone: true }),
  manualStatus: presenceStatusEnum('manual_status'),
});
