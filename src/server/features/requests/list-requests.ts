import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { requestListingSchema } from '../../../domain/listing-filters';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { AppError } from '../../errors';
import { afterCursor, newestFirst, toPage } from '../services/service-queries';
import { requestCardColumns, requestFilters, selectRequestCards } from './request-queries';
import { conversations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';

export async function listRequests(db: Db, input: z.output<typeof requestListingSchema>) {
  const rows = await selectRequestCards(db)
    .where(and(requestFilters(input), afterCursor(serviceRequests, input.cursor)))
    .orderBy(...newestFirst(serviceRequests))
    .limit(input.limit + 1);
  return toPage(rows, input.limit);
}

/** The owner's requests, each with how many offers (conversations) it has received. */
export function listUserRequests(db: Db, userId: string) {
  return db
    .select({
      ...requestCardColumns,
      offerCount: sql<number>`(select count(*)::int from ${conversations} where ${conversations.requestId} = ${serviceRequests.id})`,
    })
    .from(serviceRequests)
    .leftJoin(serviceCategories, eq(serviceRequests.serviceCategoryId, serviceCategories.id))
    .leftJoin(profiles, eq(serviceRequests.userId, profiles.id))
    .where(eq(serviceRequests.userId, userId))
    .orderBy(...newestFirst(serviceRequests))
    .limit(200);
}

export async function getRequest(db: Db, requestId: string) {
  const [request] = await selectRequestCards(db).where(eq(serviceRequests.id, requestId)).limit(1);
  if (!request) throw new AppError('NOT_FOUND', 'Failed to load request');
  return request;
}
