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
    /**
     * Unused: no code reads or writes it. It stays one release longer for servers of the previous release, which still
     * select it, during a rolling start on one PostgreSQL; the next release removes this line and drops the column.
     */
    requestStatus: text('request_status').notNull().default('pending'),
    latestProposalPriceCents: integer('latest_proposal_price_cents'),
    latestProposalPricingType: pricingTypeEnum('latest_proposal_pricing_type'),
    latestProposalBy: text('latest_proposal_by'),
    latestProposalRejected: boolean('latest_proposal_rejected').notNull().default(false),
    finalPriceCents: integer('final_price_cents'),
    finalPricingType: pricingTypeEnum('final_pricing_type'),
    priceAgreedByNonPostingParty: boolean('price_agreed_by_non_posting_party').notNull().default(false),
    serviceStarted: boolean('service_started').notNull().default(false),
    /** Settlement (src/domain/settlement.ts): the money is held from payment until the work is accepted. */
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    /** The provider marked the work done (null: not yet); the client's 3 days to confirm run from here. */
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
    // A provider's delivered services (progression's counts): only accepted, uncancelled rows, newest first.
    index('conversations_provider_accepted_idx')
      .on(t.participant2Id, t.acceptedAt.desc())
      .where(sql`${t.acceptedAt} is not null and ${t.cancelledAt} is null`),
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
    /** Contact details were hidden from `text`: the words as typed are in message_originals, for moderation. */
    detailsHidden: boolean('details_hidden').notNull().default(false),
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
    // Progression counts a user's own messages at each message they send.
    index('messages_sender_text_idx')
      .on(t.senderId)
      .where(sql`${t.kind} = 'text'`),
    // Message search (features/message-search): the expression and predicate its query repeats exactly.
    index('messages_text_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.text})`)
      .where(sql`${t.kind} = 'text'`),
  ],
);

/**
 * The words as typed of a message whose contact details were hidden from a minor's conversation (`messages.text`
 * holds the masked version everyone reads). A table of its own, read only by the admin view and report evidence:
 * no select of `messages`, however written, can carry them to a participant.
 */
export const messageOriginals = pgTable('message_originals', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
});
