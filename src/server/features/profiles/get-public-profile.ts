import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { isAdminColumn } from '../accounts/is-admin';

/**
 * What anyone may see of a user (get_public_profile): never email, date of birth or payout fields. The admin mark
 * is public, as accounts.isAdmin is. Null when there is no such user.
 */
export async function getPublicProfile(deps: { db: Db }, _actor: { id: string } | null, input: { userId: string }) {
  const [profile] = await deps.db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      isAdmin: isAdminColumn(profiles.id),
      bio: profiles.bio,
      school: profiles.school,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.id, input.userId))
    .limit(1);
  return profile ?? null;
}
