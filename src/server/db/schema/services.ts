import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_LIMITS } from '../../../domain/polls';
import { DELIVERY_METHODS, PRICING_TYPES } from '../../../domain/services';
import type { ServiceLocation } from '../../../domain/service-schemas';
import { users } from './auth';
import { serviceCategories } from './service-categories';

export const pricingTypeEnum = pgEnum('pricing_type', PRICING_TYPES);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id').references(() => serviceCategories.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    pricingType: pricingTypeEnum('pricing_type').notNull().default('fixed'),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull().default('virtual'),
    serviceLocation: jsonb('service_location').$type<ServiceLocation>(),
    imageUrl: text('image_url'),
    /** What search reads: title and description, lower-cased once on write (one trigram index, one LIKE). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || ' ' || description)`),
    /**
     * Set when a service_deletion poll passed (domain/polls.ts): off the listings and its page until an admin deletes
     * it or restores it (null again). Its owner still sees it in My Services.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('services_price_cents_non_negative', sql`${t.priceCents} >= 0`),
    // Every listing is newest first: ORDER BY created_at DESC, id DESC reads these ascending indexes backwards.
    // (DESC indexes would be DESC NULLS LAST, which that ORDER BY - NULLS FIRST - cannot use: measured 62 ms vs <1 ms.)
    index('services_created_idx').on(t.createdAt, t.id),
    index('services_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('services_user_created_idx').on(t.userId, t.createdAt),
    index('services_price_idx').on(t.priceCents),
    index('services_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    budgetCents: integer('budget_cents'),
    pricingType: pricingTypeEnum('pricing_type').notNull().default('fixed'),
    serviceCategoryId: uuid('service_category_id').references(() => serviceCategories.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || ' ' || description)`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_requests_budget_non_negative', sql`${t.budgetCents} is null or ${t.budgetCents} >= 0`),
    index('service_requests_created_idx').on(t.createdAt, t.id),
    index('service_requests_category_created_idx').on(t.serviceCategoryId, t.createdAt, t.id),
    index('service_requests_user_created_idx').on(t.userId, t.createdAt),
    index('service_requests_budget_idx').on(t.budgetCents),
    index('service_requests_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Reports against a service, read by admins (spec 3). */
export const serviceReports = pgTable(
  'service_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** Null once the reporter's account is gone: the report stays for the admins. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('service_reports_service_idx').on(t.serviceId),
    // One report per member per service, even for two sent at once.
    uniqueIndex('service_reports_service_reporter_key').on(t.serviceId, t.reporterId),
    check(
      'service_reports_reason_length',
      sql`char_length(${t.reason}) between 1 and ${sql.raw(String(REPORT_LIMITS.reasonMax))}`,
    ),
    check(
      'service_reports_description_length',
      sql`char_length(${t.description}) <= ${sql.raw(String(REPORT_LIMITS.descriptionMax))}`,
    ),
  ],
);
