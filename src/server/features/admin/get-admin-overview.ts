import { count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';

export async function getAdminOverview(db: Db): Promise<{ userCount: number }> {
  const [row] = await db.select({ userCount: count() }).from(users);
  return { userCount: row?.userCount ?? 0 };
}
