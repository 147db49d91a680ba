import { eq } from 'drizzle-orm';
import { SCHOOL_LIMITS, type AddSchoolDomain } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { schoolDomains } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { recordAudit } from '../audit/record-audit';
import { refusedDuplicate } from './create-school';
import { lockSchool } from './list-schools';
import { domainsOf } from './members-through';
import { domainTaken, refusal } from './schools-refusals';

/** An admin adds a domain to a school (at most SCHOOL_LIMITS.domainsMax, each listed once); audited. */
export async function addSchoolDomain(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: AddSchoolDomain,
): Promise<{ id: string }> {
  try {
    return await inTransaction(deps, async (tx) => {
      const school = await lockSchool(tx, input.schoolId);
      if (!school) throw refusal('schoolNotFound');
      if ((await domainsOf(tx, school.id)).length >= SCHOOL_LIMITS.domainsMax) throw refusal('tooManyDomains');
      const [taken] = await tx
        .select({ id: schoolDomains.id })
        .from(schoolDomains)
        .where(eq(schoolDomains.domain, input.domain))
        .limit(1);
      if (taken) throw domainTaken(input.domain);
      const [row] = await tx
        .insert(schoolDomains)
        .values({ schoolId: school.id, domain: input.domain })
        .returning({ id: schoolDomains.id });
      await recordAudit(tx, {
        action: 'school.domain-added',
        actorId: admin.id,
        subjectId: school.id,
        details: { school: school.name, domain: input.domain },
      });
      return { id: row!.id };
    });
  } catch (error) {
    throw refusedDuplicate(error, [input.domain]);
  }
}
