import { eq, sql } from 'drizzle-orm';
import type { SuspendUser } from '../../../domain/admin-users';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { sessions, users } from '../../db/schema/auth';
import { userSuspensions } from '../../db/schema/moderation';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { EventBus } from '../../realtime/event-bus';
import { announceSessionEnded } from '../../realtime/session-ended';
import { settleBanPolls } from '../moderation/settle-ban-polls';
import { lockAdmins, refusal } from './admin-users-refusals';

/**
 * An admin suspends a member for some days or until lifted, with a reason the member reads when sign-in is refused
 * (auth.ts refuses their new sessions). Suspending again replaces the period and the reason. Every
 * session of theirs is deleted in the same transaction and announced ended after it, so their open tabs and sockets
 * close at once; their services and requests leave the listings (the catalogue's listener of user.suspended).
 * Refused for oneself and for admins (remove the role first). Audited as 'user.suspended' with the reason and the
 * end; the event carries no reason (the outbox keeps no admin's words).
 */
export async function suspendUser(
  deps: { db: Db; events: DomainEvents; bus: EventBus },
  admin: { id: string },
  input: SuspendUser,
): Promise<{ ok: true; until: string | null }> {
  if (input.userId === admin.id) throw refusal('suspendSelf');
  const { until, ended } = await inTransaction(deps, async (tx, emit) => {
    // Under the admins' lock: a grant of the role at the same moment cannot leave a suspended admin.
    const admins = await lockAdmins(tx, admin.id);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw refusal('userNotFound');
    if (admins.has(input.userId)) throw refusal('suspendAdmin');
    const untilSql = input.days === null ? sql`null` : sql`now() + make_interval(days => ${input.days}::int)`;
    const [row] = await tx
      .insert(userSuspensions)
      .values({ userId: input.userId, until: untilSql, reason: input.reason, suspendedBy: admin.id })
      .onConflictDoUpdate({
        target: userSuspensions.userId,
        set: { until: untilSql, reason: input.reason, suspendedBy: admin.id, createdAt: sql`now()` },
      })
      .returning({ until: userSuspensions.until });
    const until = row?.until ? new Date(row.until).toISOString() : null;
    const ended = await tx.delete(sessions).where(eq(sessions.userId, input.userId)).returning({ id: sessions.id });
    // A passed ban poll about them asked for exactly this: it no longer waits on the dashboard.
    const reviewedPollIds = await settleBanPolls(tx, input.userId, admin.id);
    await tx.insert(auditEvents).values({
      action: 'user.suspended',
      actorId: admin.id,
      subjectId: input.userId,
      details: { reason: input.reason, until, reviewedPollIds },
    });
    emit({ type: 'user.suspended', actorId: admin.id, userId: input.userId, until });
    return { until, ended };
  });
  for (const s of ended) announceSessionEnded(deps.bus, s.id);
  return { ok: true, until };
}
