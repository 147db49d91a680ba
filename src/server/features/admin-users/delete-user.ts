import { eq } from 'drizzle-orm';
import type { DeleteUser } from '../../../domain/admin-users';
import type { Db, Tx } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import type { DomainEvents } from '../../events/domain-events';
import type { BlobStore } from '../../files/blob-store';
import type { EventBus } from '../../realtime/event-bus';
import { removeAccount } from '../accounts/remove-account';
import { lockAdmins, refusal } from './admin-users-refusals';

/**
 * An admin deletes a user (spec 3: Delete User, with confirmation): the account goes exactly as
 * with Delete Account (removeAccount: files, data, sessions ended), with a 'user.deleted' audit row naming the email
 * in the same transaction. Never oneself (Delete Account, with its password, is that way out) and never an admin:
 * removing the role first is its own audited step (domain/admin-users.ts), so one admin account cannot delete the
 * others outright. The checks run once before the files go (a refusal touches nothing) and again under the admins'
 * lock, which also makes a grant of the role at the same moment wait.
 */
export async function deleteUser(
  deps: { db: Db; events: DomainEvents; files: BlobStore; bus: EventBus },
  admin: { id: string },
  input: DeleteUser,
): Promise<{ ok: true; email: string }> {
  if (input.userId === admin.id) throw refusal('deleteSelf');
  const check = async (tx: Tx) => {
    const admins = await lockAdmins(tx, admin.id);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw refusal('userNotFound');
    // The last admin is an admin too: this refusal also keeps one admin, always.
    if (admins.has(input.userId)) throw refusal('deleteAdmin');
    return user.email;
  };
  // Refusals before anything is touched; the transaction below asks again with the locks held.
  await deps.db.transaction(check);
  let email = '';
  await removeAccount(deps, input.userId, async (tx) => {
    email = await check(tx);
    await tx.insert(auditEvents).values({
      action: 'user.deleted',
      actorId: admin.id,
      subjectId: input.userId,
      details: { email, reason: input.reason },
    });
  });
  return { ok: true, email };
}
