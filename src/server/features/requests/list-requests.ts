import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { requestListingSchema } from '../../../domain/listing-schemas';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { afterCursor, newestFirst, toPage } from '../services/service-queries';
import { publicRequest, requestFilters, selectRequestCards } from './request-queries';

/**
 * The public request listing, newest first, one page at a time; shared by everyone (the listings cache), so
 * suspended members' requests are left out (publicRequest).
 */
export async function listRequests(deps: { db: Db }, _actor: null, input: z.output<typeof requestListingSchema>) {
  const rows = await selectRequestCards(deps.db)
    .where(and(publicRequest(), requestFilters(input), afterCursor(serviceRequests, input.cursor)))
    .orderBy(...newestFirst(serviceRequests))
    .limit(input.limit + 1);
  return toPage(rows, input.limit);
}
