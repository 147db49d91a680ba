import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { paymentTransactions } from './payments';
import { DISPUTE_SOURCES, DISPUTE_STATUSES, TRANSFER_STATUSES } from '../../../domain/settlement';

/** The domain's own lists (domain/settlement.ts), so a status the code does not know cannot be stored. */
export const transferStatusEnum = pgEnum('transfer_status', TRANSFER_STATUSES);
export const disputeStatusEnum = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeSourceEnum = pgEnum('dispute_source', DISPUTE_SOURCES);

/**
 * The provider's share of one payment: at most one per payment (keyed by it, and by the same idempotency key at
 * Stripe), held while the provider's payout account is not Ready.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentTransactionId: uuid('payment_transaction_id')
      .notNull()
      .unique()
      .references(() => paymentTransactions.id),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    providerId: text('provider_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: transferStatusEnum('status').notNull(),
    destinationAccountId: text('destination_account_id'),
    stripeTransferId: text('stripe_transfer_id').unique(),
    /** Set when Stripe's transfer.created event arrives. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    /** An admin refund after the payout takes it back: decided (reversed_at), then sent (stripe_reversal_id). */
    reversedCents: integer('reversed_cents'),
    reversedAt: timestamp('reversed_at', { withTimezone: true, precision: 3 }),
    stripeReversalId: text('stripe_reversal_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('transfers_provider_status_idx').on(t.providerId, t.status)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentTransactionId: uuid('payment_transaction_id')
      .notNull()
      .references(() => paymentTransactions.id),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** One refund per decision: a retried request finds it taken. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    stripeRefundId: text('stripe_refund_id'),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('refunds_conversation_idx').on(t.conversationId)],
);

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    source: disputeSourceEnum('source').notNull(),
    openedBy: text('opened_by'),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    stripeDisputeId: text('stripe_dispute_id').unique(),
    status: disputeStatusEnum('status').notNull().default('open'),
    refundCents: integer('refund_cents'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('disputes_conversation_idx').on(t.conversationId),
    // At most one open dispute per conversation.
    uniqueIndex('disputes_one_open_key')
      .on(t.conversationId)
      .where(sql`${t.status} = 'open'`),
  ],
);
