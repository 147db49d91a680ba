import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { publicProfileColumns } from './public-profile-columns';

/** What anyone may see of a user (publicProfileColumns). Null when there is no such user. */
export async function getPublicProfile(deps: { db: Db }, _actor: { id: string } | null, input: { userId: string }) {
  const [profile] = await deps.db
    .select(publicProfileColumns)
    .from(profiles)
    .where(eq(profiles.id, input.userId))
    .limit(1);
  return profile ?? null;
}
