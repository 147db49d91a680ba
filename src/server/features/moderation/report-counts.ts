import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { REPORT_LIMITS } from '../../../domain/polls';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';
import { polls } from '../../db/schema/moderation';
import { profiles } from '../../db/schema/profiles';
import { serviceReports } from '../../db/schema/services';
import type { ReportData } from '../../contracts/moderation-events';

/**
 * Admin cards' derived fields (spec 3 section 3: report_count, has_active_poll) for a page of services: every id
 * asked for gets an entry, 0 and false when it has none.
 */
export async function reportCounts(deps: { db: Db }, _admin: { id: string }, input: { serviceIds: string[] }) {
  const ids = [...new Set(input.serviceIds)].slice(0, REPORT_LIMITS.countsMaxServices);
  if (ids.length === 0) return [];
  const [counts, active] = await Promise.all([
    deps.db
      .select({ serviceId: serviceReports.serviceId, n: count() })
      .from(serviceReports)
      .where(inArray(serviceReports.serviceId, ids))
      .groupBy(serviceReports.serviceId),
    deps.db
      .select({ serviceId: polls.serviceId, pollId: polls.id })
      .from(polls)
      .where(and(inArray(polls.serviceId, ids), eq(polls.isActive, true))),
  ]);
  const countOf = new Map(counts.map((c) => [c.serviceId, Number(c.n)]));
  const pollOf = new Map(active.map((p) => [p.serviceId, p.pollId]));
  return ids.map((serviceId) => ({
    serviceId,
    reportCount: countOf.get(serviceId) ?? 0,
    activePollId: pollOf.get(serviceId) ?? null,
  }));
}

/** One service's reports for an admin, newest first (reason, reporter's name, date), at most REPORT_LIMITS.listMax. */
export async function serviceReportsOf(
  deps: { db: Db },
  _admin: { id: string },
  input: { serviceId: string },
): Promise<ReportData[]> {
  const rows = await deps.db
    .select({
      id: serviceReports.id,
      serviceId: serviceReports.serviceId,
      reason: serviceReports.reason,
      description: serviceReports.description,
      createdAt: serviceReports.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(serviceReports)
    .leftJoin(profiles, eq(profiles.id, serviceReports.reporterId))
    .where(eq(serviceReports.serviceId, input.serviceId))
    .orderBy(desc(serviceReports.createdAt), desc(serviceReports.id))
    .limit(REPORT_LIMITS.listMax);
  return rows.map((r) => ({
    id: r.id,
    serviceId: r.serviceId,
    reason: r.reason,
    description: r.description ?? '',
    // A reporter whose account is gone reads "Unknown User" (the row keeps the report, reporter_id set null).
    reporterName: displayName(r),
    createdAt: r.createdAt.toISOString(),
  }));
}
