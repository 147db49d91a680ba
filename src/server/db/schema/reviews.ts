import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { services } from './services';
import { conversations } from './conversations';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    providerId: text('provider_id').notNull(),
    reviewerId: text('reviewer_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    reviewerFirstName: text('reviewer_first_name'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // Once per service by one reviewer; a conversation about a request (no service) is reviewed once.
    uniqueIndex('reviews_service_reviewer_key')
      .on(t.serviceId, t.reviewerId)
      .where(sql`${t.serviceId} is not null`),
    uniqueIndex('reviews_conversation_key').on(t.conversationId),
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt),
    // Progression counts the reviews a user left.
    index('reviews_reviewer_idx').on(t.reviewerId),
  ],
);

/**
 * Each provider's review count and rating sum, kept by a trigger on reviews (migration 0026) whatever path writes,
 * corrects or removes a review (today only submitting writes one; reviews outlive both accounts), so a card reads
 * its owner's rating with one primary-key probe instead of adding up every review the owner has
 * (adding up 500 reviews a provider made a discovery page cost 12-22 ms). No row: no reviews.
 */
export const providerRatings = pgTable(
  'provider_ratings',
  {
    providerId: text('provider_id').primaryKey(),
    reviewCount: integer('review_count').notNull(),
    ratingSum: integer('rating_sum').notNull(),
  },
  (t) => [check('provider_ratings_non_negative', sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`)],
);
