import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { asSeenBy, newestFirst, publicService, selectServiceCards } from './service-queries';

/**
 * A user's services, newest first: all of them for that user (My Services, hidden ones with hidden_at set), only
 * the public ones for anyone else (their public profile); exact locations only for that user.
 */
export async function listUserServices(deps: { db: Db }, actor: { id: string } | null, input: { userId: string }) {
  const own = actor?.id === input.userId;
  const rows = await selectServiceCards(deps.db)
    .where(and(eq(services.userId, input.userId), own ? undefined : publicService()))
    .orderBy(...newestFirst(services))
    .limit(200);
  return rows.map((row) => asSeenBy(row, actor?.id ?? null));
}
