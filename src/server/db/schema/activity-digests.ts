import { pgTable } from 'drizzle-orm/pg-core';
import { instant, userKey } from './columns';

/**
 * The missed-activity email of each member: `pendingSince` is when the first unsent item arrived (the batch window
 * runs from it; null when nothing waits), `lastSentAt` when the last one left (only newer items are listed again).
 */
export const activityDigests = pgTable('activity_digests', {
  userId: userKey(),
  pendingSince: instant('pending_since'),
  lastSentAt: instant('last_sent_at'),
});
