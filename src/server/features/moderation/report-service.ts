import { and, count, eq } from 'drizzle-orm';
import type { ReportServiceInput } from '../../../domain/polls-schemas';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { serviceReports, services } from '../../db/schema/services';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { ReportData } from '../../contracts/moderation-events';
import { MODERATION_REFUSALS } from './moderation-refusals';
import { publicService } from '../services/service-queries';

/**
 * A signed-in member reports a service that is not theirs, once. The one-report rule is the
 * database's: migration 0022 creates the unique key service_reports_service_reporter_key on (service, reporter).
 * The insert does nothing on that key, so a second report, even one sent at the same moment (it waits for the
 * first to commit), inserts no row and is refused with the spec's text, without aborting the transaction. A hidden
 * service or a suspended owner's cannot be reported: members cannot see it (publicService), so it is "not found".
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
      .where(and(eq(services.id, input.serviceId), publicService()));
    if (!service) throw new AppError('SERVICE_NOT_FOUND');
    if (service.userId === actor.id) throw MODERATION_REFUSALS.ownService();
    const [created] = await tx
      .insert(serviceReports)
      .values({ serviceId: service.id, reporterId: actor.id, reason: input.reason, description: input.description })
      .onConflictDoNothing({ target: [serviceReports.serviceId, serviceReports.reporterId] })
      .returning({ id: serviceReports.id, createdAt: serviceReports.createdAt });
    if (!created) throw MODERATION_REFUSALS.alreadyReported();
    const [reporter] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, actor.id));
    const [{ n } = { n: 1 }] = await tx
      .select({ n: count() })
      .from(serviceReports)
      .where(eq(serviceReports.serviceId, service.id));
    const report: ReportData = {
      id: created.id,
      serviceId: service.id,
      reason: input.reason,
      description: input.description,
      reporterName: displayName(reporter ?? {}),
      createdAt: created.createdAt.toISOString(),
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
