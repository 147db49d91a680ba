import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { memberSchoolEmails, schoolDomains, schools } from '../../db/schema/schools';

export interface MySchoolEmail {
  /** The member's own address: shown only to them, in Settings. */
  address: string;
  schoolName: string;
  verified: boolean;
  /** When the latest link stops working (null once verified). */
  linkExpiresAt: string | null;
}

/** The signed-in member's school address and where it stands, or null when they gave none. */
export async function getMySchoolEmail(deps: { db: Db }, actor: { id: string }): Promise<MySchoolEmail | null> {
  return readMySchoolEmail(deps.db, actor.id);
}

/** The same read inside a change's transaction: what the change answers, so Settings shows it without a refetch. */
export async function readMySchoolEmail(db: Db | Tx, userId: string): Promise<MySchoolEmail | null> {
  const [row] = await db
    .select({
      address: memberSchoolEmails.address,
      schoolName: schools.name,
      verifiedAt: memberSchoolEmails.verifiedAt,
      linkExpiresAt: memberSchoolEmails.tokenExpiresAt,
    })
    .from(memberSchoolEmails)
    .innerJoin(schoolDomains, eq(schoolDomains.id, memberSchoolEmails.domainId))
    .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
    .where(eq(memberSchoolEmails.userId, userId));
  if (!row) return null;
  return {
    address: row.address,
    schoolName: row.schoolName,
    verified: row.verifiedAt !== null,
    linkExpiresAt: row.verifiedAt ? null : (row.linkExpiresAt?.toISOString() ?? null),
  };
}
