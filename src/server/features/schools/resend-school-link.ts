import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberSchoolEmails, schoolDomains, schools } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { readMySchoolEmail, type MySchoolEmail } from './get-my-school-email';
import { queueSchoolLink, takeLinkAllowance } from './school-link';
import { refusal } from './schools-refusals';

/** A new confirmation link for the address waiting to be confirmed; the previous link stops working. */
export async function resendSchoolLink(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  _input: object = {},
): Promise<MySchoolEmail> {
  return inTransaction(deps, async (tx) => {
    const [pending] = await tx
      .select({
        address: memberSchoolEmails.address,
        verifiedAt: memberSchoolEmails.verifiedAt,
        schoolName: schools.name,
      })
      .from(memberSchoolEmails)
      .innerJoin(schoolDomains, eq(schoolDomains.id, memberSchoolEmails.domainId))
      .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
      .where(eq(memberSchoolEmails.userId, actor.id));
    if (!pending) throw refusal('nothingPending');
    if (pending.verifiedAt) throw refusal('alreadyVerified');
    await takeLinkAllowance(tx, actor.id);
    const link = await queueSchoolLink(tx, { userId: actor.id, ...pending });
    await tx.update(memberSchoolEmails).set(link).where(eq(memberSchoolEmails.userId, actor.id));
    return (await readMySchoolEmail(tx, actor.id))!;
  });
}
