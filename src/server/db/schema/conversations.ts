import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MessageKind, NoticePayload } from '../../../domain/messages';
import { pricingTypeEnum, serviceRequests, services } from './services';

/**
 * A direct conversation between a client (participant1) and a provider (participant2) about a service or an offer
 * on a request. The participant columns are deliberately not foreign keys: when one party deletes their account the
 * other keeps the conversation, and the missing party reads "Unknown User".
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participant1Id: text('participant1_id').notNull(),
    participant2Id: text('participant2_id').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    /** The title when the conversation started: it stays readable if the service or request is deleted. */
    subjectTitle: text('subject_title').notNull(),
    lastMessage: text('last_message'),
    requestStatus: text('request_status').notNull().default('pending'),
    latestProposalPriceCents: integer('latest_proposal_price_cents'),
    latestProposalPricingType: pricingTypeEnum('latest_proposal_pricing_type'),
    latestProposalBy: text('latest_proposal_by'),
    latestProposalRejected: boolean('latest_proposal_rejected').notNull().default(false),
    finalPriceCents: integer('final_price_cents'),
    finalPricingType: pricingTypeEnum('final_pricing_type'),
    priceAgreedByNonPostingParty: boolean('price_agreed_by_non_posting_party').notNull().default(false),
    paymentCompleted: boolean('payment_completed').notNull().default(false),
    serviceStarted: boolean('service_started').notNull().default(false),
    serviceCompleted: boolean('service_completed').notNull().default(false),
    /** Settlement (src/domain/settlement.ts): the money is held from payment until the work is accepted. */
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    disputeOpen: boolean('dispute_open').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One conversation per (service, client) and per (request, offerer): a second press opens the existing one.
    uniqueIndex('conversations_service_client_key')
      .on(t.serviceId, t.participant1Id)
      .where(sql`${t.serviceId} is not null`),
    uniqueIndex('conversations_request_provider_key')
      .on(t.requestId, t.participant2Id)
      .where(sql`${t.requestId} is not null`),
    index('conversations_participant1_updated_idx').on(t.participant1Id, t.updatedAt),
    index('conversations_participant2_updated_idx').on(t.participant2Id, t.updatedAt),
    check('conversations_prices_positive', sql`coalesce(${t.finalPriceCents}, 1) > 0`),
    // The auto-confirmation sweep reads only completed, unaccepted conversations.
    index('conversations_awaiting_acceptance_idx')
      .on(t.completedAt)
      .where(sql`${t.acceptedAt} is null and ${t.completedAt} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Not a foreign key, like the participants: a deleted sender's messages stay, from "Unknown User". */
    senderId: text('sender_id').notNull(),
    /**
     * What the message is (src/domain/messages.ts): 'text', the only kind a participant can write, or a notice the
     * server posts. Never inferred from the text.
     */
    kind: text('kind').$type<MessageKind>().notNull().default('text'),
    /** The participant's words; null for notices. */
    text: text('text'),
    /** A notice's typed fields; null for text. */
    payload: jsonb('payload').$type<NoticePayload>(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_text_has_words', sql`${t.kind} <> 'text' or (${t.text} is not null and ${t.payload} is null)`),
    check('messages_notice_has_payload', sql`${t.kind} = 'text' or ${t.payload} is not null`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`not ${t.isRead}`),
  ],
);

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
  ],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    status: text('status').notNull(),
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
    /** held (account not Ready), pending (being sent), paid (Stripe accepted it), failed (will be retried). */
    status: text('status').notNull(),
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
    /** client (opened in the app) or card_network (charge.dispute.created). */
    source: text('source').notNull(),
    openedBy: text('opened_by'),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    stripeDisputeId: text('stripe_dispute_id').unique(),
    /** open, released, refunded, partially_refunded. */
    status: text('status').notNull().default('open'),
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
