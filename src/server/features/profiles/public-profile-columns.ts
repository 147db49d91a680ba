import type { PublicProfileData } from '../../contracts/profile-events';
import { profiles } from '../../db/schema/profiles';
import { isAdminColumn } from '../accounts/is-admin';
import { emailVerifiedColumn, verifiedSchoolColumn } from '../schools/verified-school-column';

/**
 * What anyone may see of a user (get_public_profile): never email, date of birth or payout fields, nor the school
 * address (only the name of the school it verified). The admin mark is public, as accounts.isAdmin is. One list for the query and for the events that carry a changed profile.
 */
export const publicProfileColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatarUrl: profiles.avatarUrl,
  isAdmin: isAdminColumn(profiles.id),
  bio: profiles.bio,
  school: profiles.school,
  emailVerified: emailVerifiedColumn(profiles.id),
  verifiedSchool: verifiedSchoolColumn(profiles.id),
  createdAt: profiles.createdAt,
};

type PublicProfileRow = Omit<PublicProfileData, 'createdAt'> & { createdAt: Date };

/** The row as an event carries it (plain JSON, the instant as an ISO string, as the query's answer travels). */
export const toPublicProfileData = ({ createdAt, ...row }: PublicProfileRow): PublicProfileData => ({
  ...row,
  createdAt: createdAt.toISOString(),
});
