import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { memberSchoolEmails, schoolDomains } from '../../db/schema/schools';

/** The members verified now through one of these domains: whose mark a change of them alters. */
export async function membersVerifiedThrough(tx: Tx, domainIds: readonly string[]): Promise<string[]> {
  if (domainIds.length === 0) return [];
  const rows = await tx
    .select({ userId: memberSchoolEmails.userId })
    .from(memberSchoolEmails)
    .where(and(inArray(memberSchoolEmails.domainId, [...domainIds]), isNotNull(memberSchoolEmails.verifiedAt)));
  return rows.map((r) => r.userId);
}

/** A school's domains, as they are in this transaction. */
export async function domainsOf(tx: Tx, schoolId: string) {
  return tx
    .select({ id: schoolDomains.id, domain: schoolDomains.domain })
    .from(schoolDomains)
    .where(eq(schoolDomains.schoolId, schoolId));
}
