import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { schoolDomains, schools } from '../../db/schema/schools';

/** The listed school an address's domain belongs to, or null. */
export async function findSchoolDomain(tx: Tx, domain: string) {
  const [row] = await tx
    .select({ domainId: schoolDomains.id, schoolName: schools.name })
    .from(schoolDomains)
    .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
    .where(eq(schoolDomains.domain, domain))
    .limit(1);
  return row ?? null;
}
