import { eq } from 'drizzle-orm';
import type { RemoveSchoolDomain } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { schoolDomains } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { recordAudit } from '../audit/record-audit';
import { announceProfiles } from './announce-profiles';
import { lockSchool } from './list-schools';
import { domainsOf, membersVerifiedThrough } from './members-through';
import { refusal } from './schools-refusals';

/**
 * An admin removes one of a school's domains: the member addresses at it go (cascade) and their marks with them. The
 * last domain stays (remove the school instead). Audited as school.domain-removed.
 */
export async function removeSchoolDomain(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: RemoveSchoolDomain,
): Promise<{ ok: true; membersUnverified: number }> {
  return inTransaction(deps, async (tx, emit) => {
    const [found] = await tx
      .select({ schoolId: schoolDomains.schoolId })
      .from(schoolDomains)
      .where(eq(schoolDomains.id, input.domainId))
      .limit(1);
    const school = found && (await lockSchool(tx, found.schoolId));
    if (!school) throw refusal('domainNotFound');
    const domains = await domainsOf(tx, school.id);
    const domain = domains.find((d) => d.id === input.domainId);
    // Removed by another admin between the read and the lock.
    if (!domain) throw refusal('domainNotFound');
    if (domains.length <= 1) throw refusal('lastDomain');
    const members = await membersVerifiedThrough(tx, [domain.id]);
    await tx.delete(schoolDomains).where(eq(schoolDomains.id, domain.id));
    await recordAudit(tx, {
      action: 'school.domain-removed',
      actorId: admin.id,
      subjectId: school.id,
      details: { school: school.name, domain: domain.domain, membersUnverified: members.length },
    });
    await announceProfiles(tx, emit, members);
    return { ok: true as const, membersUnverified: members.length };
  });
}
