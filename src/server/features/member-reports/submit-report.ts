import { and, count, eq, gt, sql } from 'drizzle-orm';
import { MEMBER_REPORT_LIMITS, type ReportReason, type ReportTargetKind } from '../../../domain/member-reports';
import type { Db } from '../../db/database';
import { memberReports } from '../../db/schema/member-reports';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { REPORT_REFUSALS } from './report-refusals';
import { loadReportTarget } from './report-target';

/**
 * A member reports a member, a direct or room message, a review or a room they can see, with the evidence copied
 * now. One open report per reporter and item: the partial unique key refuses a second, even one sent at the same
 * moment (the insert does nothing on it, without aborting the transaction). At most MEMBER_REPORT_LIMITS.perHour a
 * reporter. The reported member is never told: no event of this reaches them.
 */
export async function submitReport(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { targetKind: ReportTargetKind; targetId: string; reason: ReportReason; description: string },
): Promise<{ id: string }> {
  return inTransaction(deps, async (tx, emit) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(memberReports)
      .where(and(eq(memberReports.reporterId, actor.id), gt(memberReports.createdAt, sql`now() - interval '1 hour'`)));
    if (Number(recent?.n ?? 0) >= MEMBER_REPORT_LIMITS.perHour) throw REPORT_REFUSALS.tooMany();
    const target = await loadReportTarget(tx, actor.id, input.targetKind, input.targetId);
    const [created] = await tx
      .insert(memberReports)
      .values({
        reporterId: actor.id,
        targetKind: input.targetKind,
        targetId: input.targetId,
        reportedUserId: target.reportedUserId,
        reason: input.reason,
        description: input.description,
        evidence: target.evidence,
      })
      .onConflictDoNothing({
        target: [memberReports.reporterId, memberReports.targetKind, memberReports.targetId],
        where: sql`status = 'open'`,
      })
      .returning({ id: memberReports.id });
    if (!created) throw REPORT_REFUSALS.alreadyReported();
    emit({
      type: 'member-report.submitted',
      reporterId: actor.id,
      reportId: created.id,
      targetKind: input.targetKind,
      targetId: input.targetId,
    });
    return { id: created.id };
  });
}
