import { inArray, sql } from 'drizzle-orm';
import { SCHOOL_LIMITS, type CreateSchool } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { schoolDomains, schools } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { recordAudit } from '../audit/record-audit';
import { domainTaken, refusal, uniqueViolation } from './schools-refusals';

/** An admin lists a school with its domains; audited as school.added. A name or domain already listed is refused. */
export async function createSchool(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: CreateSchool,
): Promise<{ id: string }> {
  try {
    return await inTransaction(deps, async (tx) => {
      const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(schools);
      if (count >= SCHOOL_LIMITS.schoolsMax) throw refusal('tooManySchools');
      const [taken] = await tx
        .select({ domain: schoolDomains.domain })
        .from(schoolDomains)
        .where(inArray(schoolDomains.domain, input.domains))
        .limit(1);
      if (taken) throw domainTaken(taken.domain);
      const [school] = await tx.insert(schools).values({ name: input.name }).returning({ id: schools.id });
      await tx.insert(schoolDomains).values(input.domains.map((domain) => ({ schoolId: school!.id, domain })));
      await recordAudit(tx, {
        action: 'school.added',
        actorId: admin.id,
        subjectId: school!.id,
        details: { name: input.name, domains: input.domains },
      });
      return { id: school!.id };
    });
  } catch (error) {
    throw refusedDuplicate(error, input.domains);
  }
}

/** Two admins adding the same name or domain at once: the database's unique constraint answers the second. */
export function refusedDuplicate(error: unknown, domains: readonly string[]): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === null) return error;
  if (constraint === 'schools_name_key') return refusal('nameTaken');
  return domainTaken(domains[0] ?? '');
}
