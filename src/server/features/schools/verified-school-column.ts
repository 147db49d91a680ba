import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/auth';
import { memberSchoolEmails, schoolDomains, schools } from '../../db/schema/schools';

/** The outer query's user id column, qualified by hand as isAdminColumn does (a bare "id" inside means the subquery's). */
const outer = (userId: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;

/**
 * The name of the school a user verified through, or null: what the profile, the cards and the service page show
 * ("Verified student · {name}"). Never the address. One primary-key probe per row.
 */
export function verifiedSchoolColumn(userId: AnyPgColumn) {
  return sql<string | null>`(select verified_school.name from ${memberSchoolEmails} as verified_email
    join ${schoolDomains} as verified_domain on verified_domain.id = verified_email.domain_id
    join ${schools} as verified_school on verified_school.id = verified_domain.school_id
    where verified_email.user_id = ${outer(userId)} and verified_email.verified_at is not null)`;
}

/** Whether the user confirmed their account email (better-auth's users.email_verified): the profile's small mark. */
export function emailVerifiedColumn(userId: AnyPgColumn) {
  return sql<boolean>`coalesce((select verified_user.email_verified from ${users} as verified_user
    where verified_user.id = ${outer(userId)}), false)`;
}
