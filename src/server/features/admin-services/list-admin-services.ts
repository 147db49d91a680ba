import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { serviceReports, services } from '../../db/schema/services';
import { adminServiceCardOf, adminServiceColumns, type AdminServiceCard } from './admin-service-card';

/** Cards per page of /admin-services (a 4-column grid's 6 rows). */
export const ADMIN_SERVICES_PAGE_SIZE = 24;

/**
 * Where the next page starts. The list has two parts, read one after the other: the flagged (reported) services,
 * most reports first then newest, and then every other service, newest first. Each part pages by keyset.
 */
export const adminServicesCursorSchema = z.discriminatedUnion('phase', [
  z.object({
    phase: z.literal('flagged'),
    reportCount: z.number().int().min(1).max(1_000_000_000),
    createdAt: z.iso.datetime(),
    id: z.uuid(),
  }),
  /** No position: the unflagged part from its start. */
  z.object({ phase: z.literal('rest'), createdAt: z.iso.datetime().optional(), id: z.uuid().optional() }),
]);
export type AdminServicesCursor = z.output<typeof adminServicesCursorSchema>;

export const listAdminServicesSchema = z.object({ cursor: adminServicesCursorSchema.nullish() });

/**
 * adminServices.list: every service, hidden ones and suspended members' included (admins review them), flagged
 * first. Bounded: one page of 24 per call.
 *
 * Cost (measured with EXPLAIN ANALYZE at 120k services and 60k reports on 20k services): each page of the
 * flagged part aggregates every report (a HashAggregate over all of service_reports) and reads every service (a
 * parallel sequential scan) to sort the reported ones by count: about 76 ms a page, for each of the ~830 flagged
 * pages; its cost grows with the reports, not the page. Acceptable for an admin-only page read on demand; the fix
 * when it is not is a services.report_count column kept by reportService's transaction, with an index on
 * (report_count, created_at, id) where report_count > 0 to keyset on (a migration). The rest part walks
 * services_created_idx backwards, skipping reported ones by a probe of service_reports_service_idx: about its 24
 * rows a page (0.17 ms measured) however many services exist.
 */
export async function listAdminServices(
  deps: { db: Db },
  _admin: { id: string },
  input: { cursor?: AdminServicesCursor | null },
): Promise<{ items: AdminServiceCard[]; nextCursor: AdminServicesCursor | null }> {
  const limit = ADMIN_SERVICES_PAGE_SIZE;
  const cursor = input.cursor ?? null;
  const items: AdminServiceCard[] = [];

  if (cursor === null || cursor.phase === 'flagged') {
    const counts = deps.db
      .select({ serviceId: serviceReports.serviceId, n: sql<number>`count(*)::int`.as('n') })
      .from(serviceReports)
      .groupBy(serviceReports.serviceId)
      .as('report_counts');
    const flagged = await deps.db
      .select({ ...adminServiceColumns, reportCount: counts.n })
      .from(counts)
      .innerJoin(services, eq(services.id, counts.serviceId))
      .leftJoin(profiles, eq(profiles.id, services.userId))
      .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
      .where(
        cursor
          ? sql`(${counts.n}, ${services.createdAt}, ${services.id}) < (${cursor.reportCount}, ${new Date(cursor.createdAt)}, ${cursor.id})`
          : undefined,
      )
      .orderBy(desc(counts.n), desc(services.createdAt), desc(services.id))
      .limit(limit + 1);
    items.push(...flagged.slice(0, limit).map(adminServiceCardOf));
    if (flagged.length > limit) {
      const last = items.at(-1)!;
      return {
        items,
        nextCursor: { phase: 'flagged', reportCount: last.reportCount, createdAt: last.createdAt, id: last.id },
      };
    }
  }

  const room = limit - items.length;
  const after = cursor?.phase === 'rest' && cursor.createdAt && cursor.id ? cursor : null;
  const rest = await deps.db
    .select({ ...adminServiceColumns, reportCount: sql<number>`0` })
    .from(services)
    .leftJoin(profiles, eq(profiles.id, services.userId))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(
      and(
        sql`not exists (select 1 from ${serviceReports} r where r.service_id = ${services.id})`,
        after ? sql`(${services.createdAt}, ${services.id}) < (${new Date(after.createdAt!)}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    // One row past the room tells whether more follow (with no room left, whether the rest part is empty).
    .limit(room + 1);
  items.push(...rest.slice(0, room).map(adminServiceCardOf));
  if (rest.length <= room) return { items, nextCursor: null };
  const last = room > 0 ? items.at(-1)! : null;
  return { items, nextCursor: last ? { phase: 'rest', createdAt: last.createdAt, id: last.id } : { phase: 'rest' } };
}
