import { and, count, eq, sql } from 'drizzle-orm';
import type { ReportServiceInput } from '../../../domain/polls';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
// The table as migration 0003 made it (the one the database has): schema/moderation.ts describes keys that no
// migration created yet, so the one-report rule is held by the lock below (see the report of issue 15's session).
import { serviceReports, services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { ReportData } from './moderation-events';
import { MODERATION_REFUSALS } from './moderation-refusals';

/**
 * A signed-in member reports a service that is not theirs, once (issue 15 item 2). Two reports at once by the same
 * member are serialized by a transaction-scoped advisory lock on (service, reporter), so the second finds the first.
 */
export async function reportService(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: Required<Pick<ReportServiceInput, 'serviceId' | 'reason' | 'description'>>,
) {
  return inTransaction(deps, async (tx, emit) => {
    const [service] = await tx
      .select({ id: services.id, userId: services.userId })
      .from(services)
      .where(eq(services.id, input.serviceId));
    if (!service) throw new AppError('SERVICE_NOT_FOUND');
    if (service.userId === actor.id) throw MODERATION_REFUSALS.ownService();
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`service-report:${service.id}:${actor.id}`}, 0))`,
    );
    const [earlier] = await tx
      .select({ id: serviceReports.id })
      .from(serviceReports)
      .where(and(eq(serviceReports.serviceId, service.id), eq(serviceReports.reporterId, actor.id)))
      .limit(1);
    if (earlier) throw MODERATION_REFUSALS.alreadyReported();
    const [created] = await tx
      .insert(serviceReports)
      .values({ serviceId: service.id, reporterId: actor.id, reason: input.reason, description: input.description })
      .returning({ id: serviceReports.id, createdAt: serviceReports.createdAt });
    const [reporter] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, actor.id));
    const [{ n } = { n: 1 }] = await tx
      .select({ n: count() })
      .from(serviceReports)
      .where(eq(serviceReports.serviceId, service.id));
    const report: ReportData = {
      id: created!.id,
      serviceId: service.id,
      reason: input.reason,
      description: input.description,
      reporterName: displayName(reporter ?? {}),
      createdAt: created!.createdAt.toISOString(),
    };
    emit({
      type: 'report.submitted',
      reporterId: actor.id,
      serviceId: service.id,
      reportId: report.id,
      report,
      reportCount: Number(n),
    });
    return { id: report.id };
  });
}
