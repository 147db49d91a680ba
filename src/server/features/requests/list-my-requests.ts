import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { serviceRequests } from '../../db/schema/services';
import { newestFirst } from '../services/service-queries';
import { requestCardColumns } from './request-queries';

/** The actor's own requests, each with how many offers (conversations) it has received. */
export function listMyRequests(deps: { db: Db }, actor: { id: string }, _input: Record<string, never> = {}) {
  return deps.db
    .select({
      ...requestCardColumns,
      offerCount: sql<number>`(select count(*)::int from ${conversations} where ${conversations.requestId} = ${serviceRequests.id})`,
    })
    .from(serviceRequests)
    .leftJoin(serviceCategories, eq(serviceRequests.serviceCategoryId, serviceCategories.id))
    .leftJoin(profiles, eq(serviceRequests.userId, profiles.id))
    .where(eq(serviceRequests.userId, actor.id))
    .orderBy(...newestFirst(serviceRequests))
    .limit(200);
}
