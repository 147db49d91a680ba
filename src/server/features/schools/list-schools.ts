import { asc, eq, sql } from 'drizzle-orm';
import { SCHOOL_LIMITS } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { memberSchoolEmails, schoolDomains, schools } from '../../db/schema/schools';

export interface SchoolRow {
  id: string;
  name: string;
  domains: { id: string; domain: string }[];
  /** Members verified through one of its domains now. */
  verifiedMembers: number;
  createdAt: string;
}

/** Qualified by hand: in a one-table query Drizzle writes columns bare, and inside a subquery "id" means its own. */
const schoolId = sql`${schools}.${sql.identifier('id')}`;

/** /admin/schools: every listed school (bounded by SCHOOL_LIMITS.schoolsMax), by name, with its domains. */
export async function listSchools(deps: { db: Db }, _admin: { id: string }): Promise<SchoolRow[]> {
  const rows = await deps.db
    .select({
      id: schools.id,
      name: schools.name,
      createdAt: schools.createdAt,
      domains: sql<{ id: string; domain: string }[]>`coalesce((select json_agg(json_build_object('id', d.id,
        'domain', d.domain) order by d.domain) from ${schoolDomains} d where d.school_id = ${schoolId}), '[]'::json)`,
      verifiedMembers: sql<number>`(select count(*) from ${memberSchoolEmails} m
        join ${schoolDomains} d on d.id = m.domain_id
        where d.school_id = ${schoolId} and m.verified_at is not null)::int`,
    })
    .from(schools)
    .orderBy(asc(sql`lower(${schools.name})`), asc(schools.id))
    .limit(SCHOOL_LIMITS.schoolsMax);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The school with its domains, locked for the change being made (two admins editing one school serialize here). */
export async function lockSchool(tx: Pick<Db, 'select'>, schoolId: string) {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId)).for('update');
  return school ?? null;
}
