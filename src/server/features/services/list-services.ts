import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceListingSchema } from '../../../domain/listing-schemas';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import {
  afterCursor,
  asSeenBy,
  newestFirst,
  publicService,
  selectServiceCards,
  serviceFilters,
  toPage,
} from './service-queries';

/**
 * Discovery: every filter, newest first, one page at a time. Shared by everyone (the listings cache serves one page
 * to all), so it takes no actor and locations are approximate; hidden services and suspended owners' are left out
 * (publicService). Browse, search, categories and the landing page all read it.
 */
export async function listServices(deps: { db: Db }, _actor: null, input: z.output<typeof serviceListingSchema>) {
  const rows = await selectServiceCards(deps.db)
    .where(and(publicService(), serviceFilters(input), afterCursor(services, input.cursor)))
    .orderBy(...newestFirst(services))
    .limit(input.limit + 1);
  return toPage(
    rows.map((row) => asSeenBy(row, null)),
    input.limit,
  );
}
