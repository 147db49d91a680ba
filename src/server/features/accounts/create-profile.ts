import type { SignUp } from '../../../domain/auth';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';

/**
 * Called once a new user row exists: their profile. Never a role: addresses are not verified, so whoever signs up
 * first with an address must not gain anything by it (the first admin is bootstrapped at start, bootstrap-admin.ts).
 */
export async function createProfileForNewUser(
  db: Db,
  user: { id: string },
  signUp: Pick<SignUp, 'firstName' | 'lastName' | 'dateOfBirth' | 'taxResponsibility'> | null,
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
}
