import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { priceBucketRange, type PriceBucket } from '../../../domain/listing-filters';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { serviceRequests } from '../../db/schema/services';
import { isAdminColumn } from '../accounts/is-admin';
import { ownerSuspended, textMatches } from '../services/service-queries';

export const requestCardColumns = {
  id: serviceRequests.id,
  userId: serviceRequests.userId,
  title: serviceRequests.title,
  description: serviceRequests.description,
  budgetCents: serviceRequests.budgetCents,
  pricingType: serviceRequests.pricingType,
  categoryId: serviceRequests.serviceCategoryId,
  categoryName: serviceCategories.name,
  imageUrl: serviceRequests.imageUrl,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
  ownerFirstName: profiles.firstName,
  ownerLastName: profiles.lastName,
  ownerAvatarUrl: profiles.avatarUrl,
  ownerIsAdmin: isAdminColumn(serviceRequests.userId),
};

/**
 * The one rule of who sees a request: everyone, unless its owner is suspended. The listing and a
 * request's page apply it; its owner reads past it (My Requests).
 */
export function publicRequest(): SQL {
  return sql`not ${ownerSuspended(serviceRequests.userId)}`;
}

export function selectRequestCards(db: Db) {
  return db
    .select(requestCardColumns)
    .from(serviceRequests)
    .leftJoin(serviceCategories, eq(serviceRequests.serviceCategoryId, serviceCategories.id))
    .leftJoin(profiles, eq(serviceRequests.userId, profiles.id));
}

/** Search, category and budget bucket; a request without a budget matches only "any price". */
export function requestFilters(filters: { search: string; categoryId?: string | null; price: PriceBucket }) {
  const range = priceBucketRange(filters.price);
  return and(
    textMatches(serviceRequests.searchText, filters.search),
    filters.categoryId ? eq(serviceRequests.serviceCategoryId, filters.categoryId) : undefined,
    range ? gte(serviceRequests.budgetCents, range.minCents) : undefined,
    range?.maxCents != null ? lte(serviceRequests.budgetCents, range.maxCents) : undefined,
  );
}
