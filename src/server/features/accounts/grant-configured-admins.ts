import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { userRoles } from '../../db/schema/profiles';

/** At start, every existing account listed in ADMIN_EMAILS holds the admin role. */
export async function grantConfiguredAdmins(db: Db, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...adminEmails]));
  if (admins.length === 0) return;
  await db
    .insert(userRoles)
    .values(admins.map((a) => ({ userId: a.id, role: 'admin' as const })))
    .onConflictDoNothing();
}
