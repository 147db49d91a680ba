import { and, desc, eq, getTableName, gte, inArray, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  deliveryMethodsMatching,
  priceBucketRange,
  type MethodFilter,
  type PriceBucket,
} from '../../../domain/listing-filters';
import { approximateLocation } from '../../../domain/geo';
import type { Db, Tx } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { providerRatings } from '../../db/schema/reviews';
import { isAdminColumn } from '../accounts/is-admin';
import { verifiedSchoolColumn } from '../schools/verified-school-column';
import { userSuspensions } from '../../db/schema/moderation';
import { serviceCategories } from '../../db/schema/service-categories';
import { services } from '../../db/schema/services';

/** What a service card and the detail page show: the service, its category name and its owner's summary. */
export const serviceCardColumns = {
  id: services.id,
  userId: services.userId,
  title: services.title,
  description: services.description,
  categoryId: services.categoryId,
  categoryName: serviceCategories.name,
  priceCents: services.priceCents,
  pricingType: services.pricingType,
  deliveryMethod: services.deliveryMethod,
  serviceLocation: services.serviceLocation,
  imageUrl: services.imageUrl,
  /** Always null in public reads (they skip hidden services); its owner's My Services shows why it is hidden. */
  hiddenAt: services.hiddenAt,
  createdAt: services.createdAt,
  ownerFirstName: profiles.firstName,
  ownerLastName: profiles.lastName,
  ownerAvatarUrl: profiles.avatarUrl,
  ownerIsAdmin: isAdminColumn(services.userId),
  /** "Verified student · {school}": the school's name, never the address. */
  ownerVerifiedSchool: verifiedSchoolColumn(services.userId),
};

type ServiceCardRow = { userId: string; serviceLocation: (typeof services.$inferSelect)['serviceLocation'] };

/**
 * A service as `viewerId` may see it: the exact location only for its owner, about 1 km for everyone else (a minor
 * who used "this device's location" must not publish their home). Every query that answers someone else goes
 * through here, the cached public listings included.
 */
export function asSeenBy<T extends ServiceCardRow>(row: T, viewerId: string | null): T {
  if (!row.serviceLocation || row.userId === viewerId) return row;
  return { ...row, serviceLocation: approximateLocation(row.serviceLocation) };
}

/**
 * Whether `userId`'s owner has a suspension that still counts: indefinite (`until` null) or not
 * over yet. Judged by the database's clock at read time, so a suspension ends by itself, with no sweep. One probe of
 * user_suspensions' primary key per row: it keeps the newest-first index scans (bench/README.md).
 */
export function ownerSuspended(userId: AnyPgColumn): SQL {
  // Qualified by hand, as isAdminColumn does: in a one-table query Drizzle writes columns bare, and inside the
  // subquery a bare "user_id" would mean the suspension's own.
  const outer = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
  return sql`exists (select 1 from ${userSuspensions} as suspension where suspension.user_id = ${outer} and (suspension.until is null or suspension.until > now()))`;
}

/**
 * The one rule of who sees a service: everyone, unless a passed community poll hid it
 * (hidden_at) or its owner is suspended. Every public read (listings, search, categories, the landing page, a
 * profile's services, the service page, requesting it) applies it; its owner and admins read past it.
 */
export function publicService(): SQL {
  return and(isNull(services.hiddenAt), sql`not ${ownerSuspended(services.userId)}`)!;
}

/**
 * Why money on a conversation should wait for an admin: its service is hidden by a passed community
 * poll, or its provider is suspended; null when neither. Read in one statement (a primary-key probe each). A
 * conversation whose service was deleted (`serviceId` null) is judged by its provider alone.
 */
export async function adminReviewHold(
  db: Db | Tx,
  input: { serviceId: string | null; providerId: string },
): Promise<'serviceHidden' | 'providerSuspended' | null> {
  const result = await db.execute<{ hidden: boolean; suspended: boolean }>(sql`select
      coalesce((select s.hidden_at is not null from ${services} s where s.id = ${input.serviceId}), false) as hidden,
      exists (select 1 from ${userSuspensions} u where u.user_id = ${input.providerId}
        and (u.until is null or u.until > now())) as suspended`);
  const row = result.rows[0];
  if (row?.hidden) return 'serviceHidden';
  if (row?.suspended) return 'providerSuspended';
  return null;
}

/**
 * The owner's rating on every card, from provider_ratings, which a trigger on reviews keeps
 * (migration 0026): one primary-key probe per card on the page, whatever the owner's number of reviews, so
 * discovery stays an index scan with a bounded cost per row (bench/README.md). An unrated provider has a null average
 * and a count of 0. Join providerRatings on the owner: `.leftJoin(providerRatings, ownerRating)`.
 */
export const providerRatingColumns = {
  ratingAverage: sql<number | null>`case when ${providerRatings.reviewCount} > 0
    then round(${providerRatings.ratingSum}::numeric / ${providerRatings.reviewCount}, 2)::float8 end`,
  reviewCount: sql<number>`coalesce(${providerRatings.reviewCount}, 0)::int`,
};
export const ownerRating = eq(providerRatings.providerId, services.userId);

/** Cards with their owner's rating: the columns of serviceCardColumns plus ratingAverage and reviewCount. */
export function selectServiceCards(db: Db) {
  return db
    .select({ ...serviceCardColumns, ...providerRatingColumns })
    .from(services)
    .leftJoin(serviceCategories, eq(services.categoryId, serviceCategories.id))
    .leftJoin(profiles, eq(services.userId, profiles.id))
    .leftJoin(providerRatings, ownerRating);
}

/** Case-insensitive partial match; % and _ typed by the user are matched literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive partial match on title or description, through the lower-cased `search_text` column and its
 * trigram index (measured at 100,000 services: 2 ms instead of 19 ms for two ILIKEs).
 */
export function textMatches(searchText: AnyPgColumn, search: string): SQL | undefined {
  return search ? like(searchText, containsPattern(search.toLowerCase())) : undefined;
}

/** The discovery filters as SQL, with the spec's exact semantics (see src/domain/listing-filters.ts). */
export function serviceFilters(filters: {
  search: string;
  categoryId?: string | null;
  price: PriceBucket;
  method: MethodFilter;
}) {
  const range = priceBucketRange(filters.price);
  const methods = deliveryMethodsMatching(filters.method);
  return and(
    textMatches(services.searchText, filters.search),
    filters.categoryId ? eq(services.categoryId, filters.categoryId) : undefined,
    range ? gte(services.priceCents, range.minCents) : undefined,
    range?.maxCents != null ? lte(services.priceCents, range.maxCents) : undefined,
    methods ? inArray(services.deliveryMethod, methods) : undefined,
  );
}

/** Newest first, with (created_at, id) keyset pagination: later pages cost the same as the first. */
export function afterCursor(
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursor?: { createdAt: string; id: string } | null,
) {
  return cursor ? sql`(${table.createdAt}, ${table.id}) < (${new Date(cursor.createdAt)}, ${cursor.id})` : undefined;
}

export const newestFirst = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }) => [
  desc(table.createdAt),
  desc(table.id),
];

/** One more row than the page tells whether another page exists. */
export function toPage<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null,
  };
}
