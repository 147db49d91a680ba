import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { newestFirst, selectServiceCards } from './service-queries';

/** A user's services, newest first (My Services, their public profile). */
export function listUserServices(db: Db, userId: string) {
  return selectServiceCards(db)
    .where(eq(services.userId, userId))
    .orderBy(...newestFirst(services))
    .limit(200);
}
