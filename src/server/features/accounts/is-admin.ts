import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userRoles } from '../../db/schema/profiles';

/** Admin = a user_roles row with role admin; no row means not an admin. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}
