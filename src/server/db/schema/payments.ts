import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../domain/payments';
import { conversations } from './conversations';

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    status: paymentStatusEnum('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    providerAmountCents: integer('provider_amount_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    stripeFeeCents: integer('stripe_fee_cents'),
    /** Set for the test suite's routed intents: the connected account the provider share would go to. */
    destinationAccountId: text('destination_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('payment_transactions_conversation_idx').on(t.conversationId)],
);

/** One row per webhook event id: a replayed event finds its id taken and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** The id of what the event is about (intent, account, transfer, dispute), for the admin's webhook log. */
  objectId: text('object_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export const paymentFailures = pgTable('payment_failures', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
  paymentIntentId: text('payment_intent_id'),
  failureType: text('failure_type').notNull(),
  errorMessage: text('error_message').notNull(),
  retryCount: integer('retry_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * Test mode's stand-in for Stripe's connected accounts (only used without Stripe keys): what onboarding submitted and
 * what Stripe would report about it.
 */
export const testConnectedAccounts = pgTable('test_connected_accounts', {
  id: text('id').primaryKey(),
  email: text('email'),
  guardianEmail: text('guardian_email'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  legalName: text('legal_name'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
