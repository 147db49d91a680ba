import { inArray } from 'drizzle-orm';
import type { AppEvent } from '../../contracts/app-events';
import type { Tx } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { MAX_EVENTS_PER_TRANSACTION } from '../../events/record-events';
import { publicProfileColumns, toPublicProfileData } from '../profiles/public-profile-columns';

/**
 * Room left for the action's own events: one transaction records at most MAX_EVENTS_PER_TRANSACTION. Beyond this
 * many members, the rest see their mark change on their next read (the public listings refresh within seconds).
 */
const ANNOUNCED_MAX = MAX_EVENTS_PER_TRANSACTION - 10;

/**
 * The members whose mark changed get profile.updated with their public profile as it is now in this transaction:
 * their own views and the public listings (whose cards show the mark) update from the data, without a refetch.
 */
export async function announceProfiles(tx: Tx, emit: (event: AppEvent) => void, userIds: readonly string[]) {
  const ids = [...new Set(userIds)].slice(0, ANNOUNCED_MAX);
  if (ids.length === 0) return;
  const rows = await tx.select(publicProfileColumns).from(profiles).where(inArray(profiles.id, ids));
  for (const row of rows) emit({ type: 'profile.updated', userId: row.id, profile: toPublicProfileData(row) });
}
