import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userSuspensions } from '../../db/schema/moderation';
import { isAdminColumn } from '../accounts/is-admin';

/** A user's suspension that still holds: indefinite, or ending in the future (an ended one binds nothing). */
export function currentSuspension(userId: string) {
  return and(
    eq(userSuspensions.userId, userId),
    or(isNull(userSuspensions.until), gt(userSuspensions.until, sql`now()`)),
  );
}

/**
 * What refuses a sign-in (auth.ts): the user's current suspension, unless they hold the admin role. Admins are never
 * suspended here (suspend-user.ts refuses them and set-admin-role.ts refuses granting a suspended user), so an admin
 * with a suspension row is one the operator's bootstrap gave the role back to at start (bootstrap-admin.ts): the
 * configured admin must stay the way in.
 */
export async function suspensionRefusingSignIn(
  db: Db,
  userId: string,
): Promise<{ until: Date | null; reason: string } | null> {
  const [row] = await db
    .select({
      until: userSuspensions.until,
      reason: userSuspensions.reason,
      isAdmin: isAdminColumn(userSuspensions.userId),
    })
    .from(userSuspensions)
    .where(currentSuspension(userId));
  if (!row || row.isAdmin) return null;
  return { until: row.until === null ? null : new Date(row.until), reason: row.reason };
}
