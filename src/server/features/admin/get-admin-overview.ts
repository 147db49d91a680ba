import { count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';

export async function getAdminOverview(
  deps: { db: Db },
  _actor: { id: string },
  _input: object = {},
): Promise<{ userCount: number }> {
  const [row] = await deps.db.select({ userCount: count() }).from(users);
  return { userCount: row?.userCount ?? 0 };
}
