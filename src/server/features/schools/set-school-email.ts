import { eq } from 'drizzle-orm';
import { domainOfAddress, type SchoolAddress } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { memberSchoolEmails } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { readMySchoolEmail, type MySchoolEmail } from './get-my-school-email';
import { announceProfiles } from './announce-profiles';
import { findSchoolDomain } from './find-school-domain';
import { queueSchoolLink, takeLinkAllowance } from './school-link';
import { refusal } from './schools-refusals';

/**
 * A member gives their school address: accepted only at a listed school's domain, it replaces any previous one (and
 * its mark) and a confirmation link is emailed to it. Counts against the member's confirmation emails.
 */
export async function setSchoolEmail(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: SchoolAddress,
): Promise<MySchoolEmail> {
  return inTransaction(deps, async (tx, emit) => {
    const found = await findSchoolDomain(tx, domainOfAddress(input.address));
    if (!found) throw refusal('notListed');
    // First: it locks the member, so two requests at once see each other's address.
    await takeLinkAllowance(tx, actor.id);
    const [previous] = await tx
      .select({ address: memberSchoolEmails.address, verifiedAt: memberSchoolEmails.verifiedAt })
      .from(memberSchoolEmails)
      .where(eq(memberSchoolEmails.userId, actor.id));
    if (previous?.verifiedAt && previous.address === input.address) throw refusal('alreadyVerified');
    const link = await queueSchoolLink(tx, {
      userId: actor.id,
      address: input.address,
      schoolName: found.schoolName,
    });
    const row = { domainId: found.domainId, address: input.address, verifiedAt: null, ...link };
    await tx
      .insert(memberSchoolEmails)
      .values({ userId: actor.id, ...row })
      .onConflictDoUpdate({ target: memberSchoolEmails.userId, set: row });
    // A verified address replaced by one still to confirm: the mark goes until the new one is confirmed.
    if (previous?.verifiedAt) await announceProfiles(tx, emit, [actor.id]);
    return (await readMySchoolEmail(tx, actor.id))!;
  });
}
