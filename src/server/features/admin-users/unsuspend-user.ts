import type { UnsuspendUser } from '../../../domain/admin-users';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { userSuspensions } from '../../db/schema/moderation';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { refusal } from './admin-users-refusals';
import { currentSuspension } from './current-suspension';

/**
 * An admin lifts a suspension that still holds: the row goes (the audit log keeps the history), the member may sign
 * in again and their services and requests come back to the listings. Audited as 'user.unsuspended' with the reason. A suspension
 * whose end has passed already binds nothing: lifting it is refused as "not suspended", and the stale row is left
 * for the next suspension to replace.
 */
export async function unsuspendUser(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: UnsuspendUser,
): Promise<{ ok: true }> {
  return inTransaction(deps, async (tx, emit) => {
    const [lifted] = await tx
      .delete(userSuspensions)
      .where(currentSuspension(input.userId))
      .returning({ until: userSuspensions.until, reason: userSuspensions.reason });
    if (!lifted) throw refusal('notSuspended');
    await tx.insert(auditEvents).values({
      action: 'user.unsuspended',
      actorId: admin.id,
      subjectId: input.userId,
      details: { until: lifted.until ? new Date(lifted.until).toISOString() : null, reason: input.reason },
    });
    emit({ type: 'user.unsuspended', actorId: admin.id, userId: input.userId });
    return { ok: true as const };
  });
}
