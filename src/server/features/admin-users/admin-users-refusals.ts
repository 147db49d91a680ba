import { eq } from 'drizzle-orm';
import { ADMIN_USER_REFUSALS } from '../../../domain/admin-users';
import type { Tx } from '../../db/database';
import { userRoles } from '../../db/schema/profiles';
import { AppError } from '../../errors';

/**
 * /admin/users' own refusals (beyond the spec: src/domain/admin-users.ts says why), on the shared codes like the
 * other admin pages' refusals; the web shows the server's text for them (Failed to delete user: {reason}).
 */
export const ADMIN_USERS_MESSAGES = {
  userNotFound: 'User not found',
  deleteSelf: 'You cannot delete your own account here. Use Delete Account in Settings.',
  lastAdmin: 'This is the last admin. Make someone else an admin first.',
  demoteSelf: 'You cannot remove your own admin role',
  suspendSelf: 'You cannot suspend yourself',
  suspendAdmin: 'Admins cannot be suspended. Remove the admin role first.',
  grantSuspended: 'This user is suspended. Lift the suspension first.',
  notSuspended: 'This user is not suspended',
  deleteAdmin: ADMIN_USER_REFUSALS.deleteAdmin,
  grantNotAdult: ADMIN_USER_REFUSALS.grantNotAdult,
} as const;

type Refusal = keyof typeof ADMIN_USERS_MESSAGES;

const CODES: Record<Refusal, 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT'> = {
  userNotFound: 'NOT_FOUND',
  deleteSelf: 'FORBIDDEN',
  lastAdmin: 'CONFLICT',
  demoteSelf: 'FORBIDDEN',
  suspendSelf: 'FORBIDDEN',
  suspendAdmin: 'CONFLICT',
  grantSuspended: 'CONFLICT',
  notSuspended: 'CONFLICT',
  deleteAdmin: 'CONFLICT',
  grantNotAdult: 'CONFLICT',
};

export function refusal(which: Refusal): AppError {
  return new AppError(CODES[which], ADMIN_USERS_MESSAGES[which]);
}

/**
 * The admins as they are now, with their user_roles rows locked until the transaction ends: two admins removing
 * each other (or deleting each other) at the same moment are serialized here, and the second sees the first's
 * change, so the last admin can never go. The acting admin must still be one of them (a role removed a moment ago
 * is refused as any non-admin is).
 */
export async function lockAdmins(tx: Tx, actorId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  const admins = new Set(rows.map((r) => r.userId));
  if (!admins.has(actorId)) throw new AppError('ADMIN_ONLY');
  return admins;
}

/** Whether taking `userId` out of the admins leaves nobody. */
export function wouldRemoveLastAdmin(admins: Set<string>, userId: string): boolean {
  return admins.has(userId) && admins.size <= 1;
}
