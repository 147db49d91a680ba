import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { AppError } from '../../errors';
import { isAdmin } from '../accounts/is-admin';
import { publicRequest, requestCardColumns } from './request-queries';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';

/**
 * One request, public like the listing: a suspended member's is "not found" to everyone but its owner and admins
 * (who review the member, as services.get lets them), like a missing one.
 */
export async function getRequest(deps: { db: Db }, actor: { id: string } | null, input: { id: string }) {
  const [row] = await deps.db
    .select({ ...requestCardColumns, isPublic: sql<boolean>`${publicRequest()}` })
    .from(serviceRequests)
    .leftJoin(serviceCategories, eq(serviceRequests.serviceCategoryId, serviceCategories.id))
    .leftJoin(profiles, eq(serviceRequests.userId, profiles.id))
    .where(eq(serviceRequests.id, input.id))
    .limit(1);
  if (!row) throw new AppError('REQUEST_NOT_FOUND');
  // Admins only are asked about (one more read), and only for a request that is not public.
  if (!row.isPublic && row.userId !== actor?.id && !(actor && (await isAdmin(deps.db, actor.id)))) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  const { isPublic: _isPublic, ...request } = row;
  return request;
}
