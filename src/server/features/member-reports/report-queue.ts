import { and, asc, count, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MEMBER_REPORT_LIMITS, type ReportSort, type ReportTargetKind } from '../../../domain/member-reports';
import { displayName } from '../../../domain/user-summary';
import type { Db, Tx } from '../../db/database';
import { memberReports } from '../../db/schema/member-reports';
import { profiles } from '../../db/schema/profiles';
import type { QueueItem } from '../../contracts/member-report-events';

type Key = { targetKind: ReportTargetKind; targetId: string };
const open = eq(memberReports.status, 'open');
const reporter = alias(profiles, 'reporter');
const reported = alias(profiles, 'reported');

/**
 * The admins' queue: one item per reported thing with its open reports, newest report first or the most reported
 * first, at most MEMBER_REPORT_LIMITS.queuePage items.
 */
export async function listReportQueue(
  deps: { db: Db },
  _admin: { id: string },
  input: { sort: ReportSort },
): Promise<QueueItem[]> {
  const latest = max(memberReports.createdAt);
  const n = count();
  const groups = await deps.db
    .select({ targetKind: memberReports.targetKind, targetId: memberReports.targetId })
    .from(memberReports)
    .where(open)
    .groupBy(memberReports.targetKind, memberReports.targetId)
    .orderBy(...(input.sort === 'most' ? [desc(n), desc(latest)] : [desc(latest)]))
    .limit(MEMBER_REPORT_LIMITS.queuePage);
  const items = await loadQueueItems(deps.db, groups);
  const byKey = new Map(items.map((item) => [`${item.targetKind}:${item.targetId}`, item]));
  return groups.flatMap((g) => byKey.get(`${g.targetKind}:${g.targetId}`) ?? []);
}

/** One item as the queue shows it, or null when it has no open report any more (settled, or its reports gone). */
export async function loadQueueItem(db: Db | Tx, key: Key): Promise<QueueItem | null> {
  const [item] = await loadQueueItems(db, [key]);
  return item ?? null;
}

async function loadQueueItems(db: Db | Tx, keys: Key[]): Promise<QueueItem[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      id: memberReports.id,
      targetKind: memberReports.targetKind,
      targetId: memberReports.targetId,
      reportedUserId: memberReports.reportedUserId,
      reason: memberReports.reason,
      description: memberReports.description,
      evidence: memberReports.evidence,
      createdAt: memberReports.createdAt,
      reporterFirstName: reporter.firstName,
      reporterLastName: reporter.lastName,
      reportedFirstName: reported.firstName,
      reportedLastName: reported.lastName,
    })
    .from(memberReports)
    .leftJoin(reporter, eq(reporter.id, memberReports.reporterId))
    .leftJoin(reported, eq(reported.id, memberReports.reportedUserId))
    .where(
      and(
        open,
        or(...keys.map((k) => and(eq(memberReports.targetKind, k.targetKind), eq(memberReports.targetId, k.targetId)))),
      ),
    )
    .orderBy(asc(memberReports.createdAt), asc(memberReports.id));
  const items = new Map<string, QueueItem>();
  for (const r of rows) {
    const key = `${r.targetKind}:${r.targetId}`;
    let item = items.get(key);
    if (!item) {
      item = {
        targetKind: r.targetKind,
        targetId: r.targetId,
        reportedUserId: r.reportedUserId,
        reportedUserName: displayName({ firstName: r.reportedFirstName, lastName: r.reportedLastName }),
        evidence: r.evidence,
        count: 0,
        latestAt: r.createdAt.toISOString(),
        reports: [],
      };
      items.set(key, item);
    }
    item.count += 1;
    item.latestAt = r.createdAt.toISOString();
    item.reports.unshift({
      id: r.id,
      reporterName: displayName({ firstName: r.reporterFirstName, lastName: r.reporterLastName }),
      reason: r.reason,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return [...items.values()];
}

/** The open reports of one item, locked: an action settles exactly these, and two admins' actions take turns. */
export async function lockOpenReports(tx: Tx, key: Key) {
  return tx
    .select({ id: memberReports.id, reportedUserId: memberReports.reportedUserId, evidence: memberReports.evidence })
    .from(memberReports)
    .where(and(open, eq(memberReports.targetKind, key.targetKind), eq(memberReports.targetId, key.targetId)))
    .orderBy(asc(memberReports.createdAt))
    .for('update');
}

export const reportIdsIn = (ids: string[]) => inArray(memberReports.id, ids);
export const nowSql = sql`now()`;
