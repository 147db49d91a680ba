import type { SignUp } from '../../../domain/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { profiles, userRoles } from '../../db/schema/profiles';

/** Called once a new user row exists: their profile, and the admin role when ADMIN_EMAILS lists them. */
export async function createProfileForNewUser(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAILS'>,
  user: { id: string; email: string },
  signUp: SignUp | null,
): Promise<void> {
  await db
    .insert(profiles)
    .values({
      id: user.id,
      firstName: signUp?.firstName ?? null,
      lastName: signUp?.lastName ?? null,
      dateOfBirth: signUp?.dateOfBirth ?? null,
      taxResponsibilityAcknowledgedAt: signUp?.taxResponsibility ? new Date() : null,
    })
    .onConflictDoNothing();
  if (config.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
    await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
  }
}
