import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceListingSchema } from '../../../domain/listing-filters';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { afterCursor, newestFirst, selectServiceCards, serviceFilters, toPage } from './service-queries';

/** Discovery: every filter, newest first, one page at a time. */
export async function listServices(db: Db, input: z.output<typeof serviceListingSchema>) {
  const rows = await selectServiceCards(db)
    .where(and(serviceFilters(input), afterCursor(services, input.cursor)))
    .orderBy(...newestFirst(services))
    .limit(input.limit + 1);
  return toPage(rows, input.limit);
}
