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
