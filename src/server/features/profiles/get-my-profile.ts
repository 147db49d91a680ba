import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import { isAdminColumn } from '../accounts/is-admin';
import { emailVerifiedColumn, verifiedSchoolColumn } from '../schools/verified-school-column';

/** The signed-in user's own profile, with the private fields only they may see. */
export async function getMyProfile(deps: { db: Db }, actor: { id: string; email: string }, _input: object = {}) {
  const [profile] = await deps.db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      isAdmin: isAdminColumn(profiles.id),
      dateOfBirth: profiles.dateOfBirth,
      school: profiles.school,
      emailVerified: emailVerifiedColumn(profiles.id),
      verifiedSchool: verifiedSchoolColumn(profiles.id),
      stripeAccountId: profiles.stripeAccountId,
      chargesEnabled: profiles.chargesEnabled,
      payoutsEnabled: profiles.payoutsEnabled,
    })
    .from(profiles)
    .where(eq(profiles.id, actor.id))
    .limit(1);
  if (!profile) throw new AppError('PROFILE_NOT_FOUND');
  return { ...profile, email: actor.email };
}
