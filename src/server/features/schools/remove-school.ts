import { eq } from 'drizzle-orm';
import type { RemoveSchool } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { schools } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { recordAudit } from '../audit/record-audit';
import { announceProfiles } from './announce-profiles';
import { lockSchool } from './list-schools';
import { domainsOf, membersVerifiedThrough } from './members-through';
import { refusal } from './schools-refusals';

/**
 * An admin removes a school: its domains and every member address at them go (cascade), so every mark it gave goes
 * with it. Audited as school.removed with its name, domains and how many members lost the mark.
 */
export async function removeSchool(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: RemoveSchool,
): Promise<{ ok: true; membersUnverified: number }> {
  return inTransaction(deps, async (tx, emit) => {
    const school = await lockSchool(tx, input.schoolId);
    if (!school) throw refusal('schoolNotFound');
    const domains = await domainsOf(tx, school.id);
    const members = await membersVerifiedThrough(
      tx,
      domains.map((d) => d.id),
    );
    await tx.delete(schools).where(eq(schools.id, school.id));
    await recordAudit(tx, {
      action: 'school.removed',
      actorId: admin.id,
      subjectId: school.id,
      details: { name: school.name, domains: domains.map((d) => d.domain), membersUnverified: members.length },
    });
    await announceProfiles(tx, emit, members);
    return { ok: true as const, membersUnverified: members.length };
  });
}
