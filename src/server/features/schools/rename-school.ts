import { eq, sql } from 'drizzle-orm';
import type { RenameSchool } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { schools } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { recordAudit } from '../audit/record-audit';
import { announceProfiles } from './announce-profiles';
import { refusedDuplicate } from './create-school';
import { lockSchool } from './list-schools';
import { domainsOf, membersVerifiedThrough } from './members-through';
import { refusal } from './schools-refusals';

/** An admin renames a school; its verified members' marks show the new name at once. Audited as school.renamed. */
export async function renameSchool(
  deps: { db: Db; events: DomainEvents },
  admin: { id: string },
  input: RenameSchool,
): Promise<{ ok: true }> {
  try {
    return await inTransaction(deps, async (tx, emit) => {
      const school = await lockSchool(tx, input.schoolId);
      if (!school) throw refusal('schoolNotFound');
      if (school.name === input.name) return { ok: true as const };
      await tx
        .update(schools)
        .set({ name: input.name, updatedAt: sql`now()` })
        .where(eq(schools.id, school.id));
      await recordAudit(tx, {
        action: 'school.renamed',
        actorId: admin.id,
        subjectId: school.id,
        details: { from: school.name, to: input.name },
      });
      const domains = await domainsOf(tx, school.id);
      await announceProfiles(
        tx,
        emit,
        await membersVerifiedThrough(
          tx,
          domains.map((d) => d.id),
        ),
      );
      return { ok: true as const };
    });
  } catch (error) {
    throw refusedDuplicate(error, []);
  }
}
