import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * The same rule as `isAdmin`, as a column of the query that returns the user: an avatar's admin mark costs no query
 * of its own.
 */
export function isAdminColumn(userId: AnyPgColumn) {
  // Qualified by hand: in a query of one table Drizzle writes columns unqualified, and inside the subquery a bare
  // "id" would mean user_roles.id.
  const outer = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
  return sql<boolean>`exists (select 1 from ${userRoles} as admin_role where admin_role.user_id = ${outer} and admin_role.role = 'admin')`;
}
