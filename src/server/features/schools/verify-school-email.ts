import { eq, sql } from 'drizzle-orm';
import type { VerifySchoolToken } from '../../../domain/schools';
import type { Db } from '../../db/database';
import { memberSchoolEmails, schoolDomains, schools } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { announceProfiles } from './announce-profiles';
import { hashSchoolToken } from './school-link';
import { refusal } from './schools-refusals';

/**
 * Opening the emailed link confirms the address, signed in or not: the token is the proof. It works once (its hash
 * is cleared) and for SCHOOL_LIMITS.linkHours; an expired one says so, so the member knows to ask for a new one.
 */
export async function verifySchoolEmail(
  deps: { db: Db; events: DomainEvents },
  _actor: { id: string } | null,
  input: VerifySchoolToken,
): Promise<{ schoolName: string }> {
  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .select({
        userId: memberSchoolEmails.userId,
        address: memberSchoolEmails.address,
        expired: sql<boolean>`${memberSchoolEmails.tokenExpiresAt} <= now()`,
        schoolName: schools.name,
      })
      .from(memberSchoolEmails)
      .innerJoin(schoolDomains, eq(schoolDomains.id, memberSchoolEmails.domainId))
      .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
      .where(eq(memberSchoolEmails.tokenHash, hashSchoolToken(input.token)))
      .for('update', { of: memberSchoolEmails });
    if (!row) throw refusal('linkInvalid');
    if (row.expired) throw refusal('linkExpired');
    // One school mailbox verifies one account: a student cannot lend their "Verified student" to other accounts. The
    // unique index holds it whatever races; this says why.
    const [taken] = await tx
      .select({ userId: memberSchoolEmails.userId })
      .from(memberSchoolEmails)
      .where(
        sql`lower(${memberSchoolEmails.address}) = lower(${row.address}) and ${memberSchoolEmails.verifiedAt} is not null
          and ${memberSchoolEmails.userId} <> ${row.userId}`,
      );
    if (taken) throw refusal('addressTaken');
    await tx
      .update(memberSchoolEmails)
      .set({ verifiedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
      .where(eq(memberSchoolEmails.userId, row.userId));
    await announceProfiles(tx, emit, [row.userId]);
    return { schoolName: row.schoolName };
  });
}
