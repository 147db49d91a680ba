import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { asSeenBy, newestFirst, selectServiceCards } from './service-queries';

/** A user's services, newest first (My Services, their public profile); exact locations only for that user. */
export async function listUserServices(deps: { db: Db }, actor: { id: string } | null, input: { userId: string }) {
  const rows = await selectServiceCards(deps.db)
    .where(eq(services.userId, input.userId))
    .orderBy(...newestFirst(services))
    .limit(200);
  return rows.map((row) => asSeenBy(row, actor?.id ?? null));
}
