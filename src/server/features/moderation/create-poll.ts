import { eq } from 'drizzle-orm';
import { banSubjectName, banTargetRefusal, defaultPollTitle, POLL_DURATION_MS } from '../../../domain/polls';
import type { CreatePollInput } from '../../../domain/polls-schemas';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { polls } from '../../db/schema/moderation';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { isAdminColumn } from '../accounts/is-admin';
import { closeExpiredPoll, expiredActivePolls } from './close-poll';
import { MODERATION_REFUSALS } from './moderation-refusals';
import { pollDataOf, selectPolls } from './poll-data';

type ParsedPoll =
  | { pollType: 'service_deletion'; serviceId: string; title?: string | undefined; description: string }
  | { pollType: 'user_ban'; targetUserId: string; title?: string | undefined; description: string };

/**
 * An admin starts a community poll about a service or a user, running 7 days, with its start in
 * audit_events in the same transaction. One active poll per subject: the database's partial unique keys refuse a
 * second, also two at once (ON CONFLICT DO NOTHING waits for the first and then inserts nothing). A ban poll never
 * targets an admin or the admin starting it (banTargetRefusal).
 */
export async function createPoll(
  deps: { db: Db; events: DomainEvents; now?: () => Date },
  admin: { id: string },
  input: ParsedPoll & Pick<CreatePollInput, 'pollType'>,
) {
  const now = deps.now?.() ?? new Date();
  return inTransaction(deps, async (tx, emit) => {
    let subjectName: string;
    if (input.pollType === 'service_deletion') {
      const [service] = await tx
        .select({ title: services.title, hiddenAt: services.hiddenAt })
        .from(services)
        .where(eq(services.id, input.serviceId));
      if (!service) throw new AppError('SERVICE_NOT_FOUND');
      // Already hidden by a passed poll, it waits for an admin: another vote would decide nothing, and members would
      // read a poll about a service they cannot open.
      if (service.hiddenAt !== null) throw MODERATION_REFUSALS.serviceHidden();
      subjectName = service.title;
    } else {
      const [user] = await tx
        .select({
          id: users.id,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          isAdmin: isAdminColumn(users.id),
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, input.targetUserId));
      if (!user) throw MODERATION_REFUSALS.userNotFound();
      const refusal = banTargetRefusal(user, admin);
      if (refusal) throw MODERATION_REFUSALS.banTargetRefused(refusal);
      // First name and last initial only: every member reads the title (domain/polls.ts banSubjectName).
      subjectName = banSubjectName(user);
    }
    const subject =
      input.pollType === 'service_deletion' ? { serviceId: input.serviceId } : { targetUserId: input.targetUserId };
    // A poll past its 7 days that the sweep has not reached yet must not block a new one on the same subject.
    for (const pollId of await expiredActivePolls(tx, now, 1, subject)) await closeExpiredPoll(tx, emit, pollId, now);

    const [created] = await tx
      .insert(polls)
      .values({
        pollType: input.pollType,
        serviceId: input.pollType === 'service_deletion' ? input.serviceId : null,
        targetUserId: input.pollType === 'user_ban' ? input.targetUserId : null,
        initiatedBy: admin.id,
        title: input.title || defaultPollTitle(input.pollType, subjectName),
        description: input.description,
        expiresAt: new Date(now.getTime() + POLL_DURATION_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: polls.id });
    if (!created) throw MODERATION_REFUSALS.alreadyActive();
    const [row] = await selectPolls(tx).where(eq(polls.id, created.id));
    const poll = pollDataOf(row!);
    await tx.insert(auditEvents).values({
      action: 'poll.started',
      actorId: admin.id,
      subjectId: poll.serviceId ?? poll.targetUserId,
      details: { pollId: poll.id, pollType: poll.pollType, title: poll.title, reason: poll.description },
    });
    emit({ type: 'poll.created', actorId: admin.id, pollId: poll.id, poll });
    return poll;
  });
}
