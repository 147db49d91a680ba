import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Spec 1 section 3: one row per lower-cased email (the unique key is what answers "already subscribed"). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
