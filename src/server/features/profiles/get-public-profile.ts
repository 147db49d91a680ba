import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';

/**
 * What anyone may see of a user (get_public_profile): never email, date of birth or payout fields.
 * Null when there is no such user.
 */
export async function getPublicProfile(db: Db, userId: string) {
  const [profile] = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      school: profiles.school,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return profile ?? null;
}
