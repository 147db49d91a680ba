import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { asSeenBy, newestFirst, selectServiceCards } from './service-queries';

/** A user's services, newest first (My Services, their public profile); exact locations only for that user. */
export async function listUserServices(db: Db, userId: string, viewerId: string | null) {
  const rows = await selectServiceCards(db)
    .where(eq(services.userId, userId))
    .orderBy(...newestFirst(services))
    .limit(200);
  return rows.map((row) => asSeenBy(row, viewerId));
}
