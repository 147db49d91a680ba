import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import { isAdmin } from '../accounts/is-admin';
import { asSeenBy, publicService, serviceCardColumns } from './service-queries';

/**
 * One service; its owner (the edit form) gets the exact location, anyone else an approximate one. A hidden service
 * or a suspended owner's is "not found" to everyone but its owner and admins, exactly like a missing one, so its
 * existence is not told either.
 */
export async function getService(deps: { db: Db }, actor: { id: string } | null, input: { id: string }) {
  const [row] = await deps.db
    .select({ ...serviceCardColumns, isPublic: sql<boolean>`${publicService()}` })
    .from(services)
    .leftJoin(serviceCategories, eq(services.categoryId, serviceCategories.id))
    .leftJoin(profiles, eq(services.userId, profiles.id))
    .where(eq(services.id, input.id))
    .limit(1);
  if (!row) throw new AppError('SERVICE_NOT_FOUND');
  const { isPublic, ...service } = row;
  // Admins only are asked about (one more read), and only for a service that is not public.
  if (!isPublic && service.userId !== actor?.id && !(actor && (await isAdmin(deps.db, actor.id)))) {
    throw new AppError('SERVICE_NOT_FOUND');
  }
  return asSeenBy(service, actor?.id ?? null);
}
