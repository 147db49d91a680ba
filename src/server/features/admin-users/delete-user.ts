import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import type { DomainEvents } from '../../events/domain-events';
import type { BlobStore } from '../../files/blob-store';
import type { EventBus } from '../../realtime/event-bus';
import { removeAccount } from '../accounts/remove-account';
import { lockAdmins, refusal, wouldRemoveLastAdmin } from './admin-users-refusals';

/**
 * An admin deletes a user (spec 3: Delete User, with confirmation; issue 15 item 6): the account goes exactly as
 * with Delete Account (removeAccount: files, data, sessions ended), with a 'user.deleted' audit row naming the email
 * in the same transaction. Never oneself (Delete Account, with its password, is that way out) and never the last
 * admin. The checks run once before the files go (a refusal touches nothing) and again under the admins' lock.
 */
export async function deleteUser(
  deps: { db: Db; events: DomainEvents; files: BlobStore; bus: EventBus },
  admin: { id: string },
  input: { userId: string; reason?: string | undefined },
): Promise<{ ok: true; email: string }> {
  if (input.userId === admin.id) throw refusal('deleteSelf');
  const check = async (tx: Tx) => {
    const admins = await lockAdmins(tx, admin.id);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw refusal('userNotFound');
    if (wouldRemoveLastAdmin(admins, input.userId)) throw refusal('lastAdmin');
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
      details: { email, reason: input.reason || null },
    });
  });
  return { ok: true, email };
}
