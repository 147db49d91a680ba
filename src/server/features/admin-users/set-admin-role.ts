import { and, eq } from 'drizzle-orm';
import { mayBeAdmin, type SetAdminRole } from '../../../domain/admin-users';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { userSuspensions } from '../../db/schema/moderation';
import { profiles, userRoles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { lockAdmins, refusal, wouldRemoveLastAdmin } from './admin-users-refusals';
import { currentSuspension } from './current-suspension';

/**
 * An admin grants or removes the admin role, audited as 'admin.role-granted' or
 * 'admin.role-revoked' in the same transaction. Never these two: accounts/bootstrap-admin.ts reads
 * 'admin.bootstrapped' and 'admin.role-removed' to decide whether the configured admin is still its own, so a role
 * change here never makes a start reset anyone's sessions or two-factor: the bootstrapped admin simply gets the role
 * back at the next start. Refused: removing one's own role, removing the last admin, granting a suspended user, and
 * granting anyone who is not an adult by their profile's date of birth (domain/admin-users.ts mayBeAdmin).
 * Granting an admin or removing a non-admin changes nothing and records nothing.
 *
 * A demoted admin's open admin streams end within ADMIN_RECHECK_MS (realtime/admin-stream.ts asks again), and every
 * admin procedure refuses them from the next call (adminProcedure reads the role each time).
 */
export async function setAdminRole(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: SetAdminRole,
): Promise<{ ok: true; changed: boolean }> {
  if (!input.admin && input.userId === admin.id) throw refusal('demoteSelf');
  return inTransaction(deps, async (tx, emit) => {
    const admins = await lockAdmins(tx, admin.id);
    // The user row locked: their date of birth is read with it, and Delete Account waits (or is waited for).
    const [user] = await tx
      .select({ id: users.id, dateOfBirth: profiles.dateOfBirth })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, input.userId))
      .for('update', { of: users });
    if (!user) throw refusal('userNotFound');
    if (admins.has(input.userId) === input.admin) return { ok: true as const, changed: false };
    if (input.admin) {
      const [suspended] = await tx
        .select({ userId: userSuspensions.userId })
        .from(userSuspensions)
        .where(currentSuspension(input.userId));
      // An admin is never suspended (domain/admin-users.ts): lifting it first is a decision of its own, audited.
      if (suspended) throw refusal('grantSuspended');
      if (!mayBeAdmin(user.dateOfBirth)) throw refusal('grantNotAdult');
      await tx.insert(userRoles).values({ userId: input.userId, role: 'admin' }).onConflictDoNothing();
    } else {
      if (wouldRemoveLastAdmin(admins, input.userId)) throw refusal('lastAdmin');
      await tx.delete(userRoles).where(and(eq(userRoles.userId, input.userId), eq(userRoles.role, 'admin')));
    }
    await tx.insert(auditEvents).values({
      action: input.admin ? 'admin.role-granted' : 'admin.role-revoked',
      actorId: admin.id,
      subjectId: input.userId,
      details: { reason: input.reason },
    });
    emit({ type: 'user.role-changed', actorId: admin.id, userId: input.userId, admin: input.admin });
    return { ok: true as const, changed: true };
  });
}
