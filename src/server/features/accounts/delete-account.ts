import { eq } from 'drizzle-orm';
import { deleteConfirmationMatches, SETTINGS_MESSAGES, type DeleteAccount } from '../../../domain/account-settings';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/database';
import { userRoles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files/blob-store';
import type { DomainEvents } from '../../events/domain-events';
import type { EventBus } from '../../realtime/event-bus';
import { wouldRemoveLastAdmin } from '../admin-users/admin-users-refusals';
import { removeAccount } from './remove-account';
import { checkCurrentPassword } from './check-current-password';

/**
 * Deletes the actor's account once they typed their email and their current password (a session left open on a
 * shared computer must not be enough); then removeAccount, the same removal an admin's delete does: their files,
 * data and sessions, every open tab signed out. Never the last admin's (someone must always reach the
 * admin pages): checked once before the files go, so a refusal touches nothing, and again inside the removal's
 * transaction under the admins' lock, where a demotion or another admin's Delete Account at the same moment is
 * waited for and seen.
 */
export async function deleteAccount(
  deps: { db: Db; events: DomainEvents; files: BlobStore; bus: EventBus; config: Pick<Config, 'NODE_ENV'> },
  actor: { id: string; email: string },
  input: DeleteAccount,
) {
  const { db } = deps;
  if (!deleteConfirmationMatches(input.confirmEmail, actor.email)) {
    throw new AppError('CONFIRM_EMAIL_MISMATCH');
  }
  const matches = await checkCurrentPassword(deps, actor, input.password);
  if (!matches) throw new AppError('WRONG_PASSWORD');
  const refuseLastAdmin = async (tx: Tx) => {
    if (wouldRemoveLastAdmin(await lockAdminRows(tx), actor.id)) {
      throw new AppError('CONFLICT', SETTINGS_MESSAGES.lastAdmin);
    }
  };
  await db.transaction(refuseLastAdmin);
  await removeAccount(deps, actor.id, refuseLastAdmin);
  return { ok: true };
}

/**
 * Every admin, their role rows locked until the transaction ends (as /admin/users' lockAdmins, but the actor need
 * not be one): two admins leaving at once, or a demotion beside a Delete Account, are serialized here.
 */
async function lockAdminRows(tx: Tx): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  return new Set(rows.map((r) => r.userId));
}
