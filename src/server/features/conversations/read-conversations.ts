import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  allowedActions,
  CONVERSATION_MESSAGES,
  MESSAGE_PAGES,
  progressStatus,
  type Party,
} from '../../../domain/negotiation';
import { AppError } from '../../errors';
import type { Db } from '../../db/database';
import { conversations, messages, reviews } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import type { EventBus } from '../../realtime/event-bus';
import { loadForParticipant, negotiationState, type ConversationRow } from './conversation-access';
import { announce } from './post-message';

const CONVERSATIONS_SHOWN = 200;

/** The other participant of a conversation, seen from `userId`. */
const otherParty = (userId: string) =>
  sql<string>`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`;

/** The user's conversations, most recently active first, with the other party and the unread count. */
export async function listConversations(db: Db, userId: string) {
  return db
    .select({
      id: conversations.id,
      subjectTitle: conversations.subjectTitle,
      serviceTitle: services.title,
      lastMessage: conversations.lastMessage,
      updatedAt: conversations.updatedAt,
      serviceStarted: conversations.serviceStarted,
      serviceCompleted: conversations.serviceCompleted,
      otherId: otherParty(userId),
      otherFirstName: profiles.firstName,
      otherLastName: profiles.lastName,
      otherAvatarUrl: profiles.avatarUrl,
      unread: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id}
        and ${messages.senderId} <> ${userId} and not ${messages.isRead})`,
    })
    .from(conversations)
    .leftJoin(services, eq(services.id, conversations.serviceId))
    .leftJoin(profiles, eq(profiles.id, otherParty(userId)))
    .where(or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(CONVERSATIONS_SHOWN);
}

/** How many messages from others the user has not read, over all conversations (the menu badge). */
export async function unreadTotal(db: Db, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)),
        ne(messages.senderId, userId),
        eq(messages.isRead, false),
      ),
    );
  return row?.count ?? 0;
}

/** One conversation for a participant: both parties, the service, the negotiation and what this party may do. */
export async function getConversation(db: Db, actor: { id: string }, conversationId: string) {
  const { conversation, party } = await loadForParticipant(db, actor, conversationId);
  return describeConversation(db, conversation, party);
}

/** The same view for an admin who is not a party (no actions, no messages): the reset tool's page. */
export async function getConversationForAdmin(db: Db, conversationId: string) {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.detailsFailed);
  return describeConversation(db, conversation, null);
}

async function describeConversation(db: Db, conversation: ConversationRow, party: Party | null) {
  const otherId = party === 'provider' ? conversation.participant1Id : conversation.participant2Id;
  const [[other], [service], [review]] = await Promise.all([
    db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, otherId)),
    conversation.serviceId
      ? db
          .select({
            title: services.title,
            priceCents: services.priceCents,
            pricingType: services.pricingType,
            imageUrl: services.imageUrl,
          })
          .from(services)
          .where(eq(services.id, conversation.serviceId))
      : Promise.resolve([]),
    db.select({ id: reviews.id }).from(reviews).where(eq(reviews.conversationId, conversation.id)),
  ]);
  const state = negotiationState(conversation, service ?? null);
  const actions = party ? allowedActions(state, party).filter((a) => a !== 'review' || !review) : [];
  return {
    id: conversation.id,
    party,
    clientId: conversation.participant1Id,
    providerId: conversation.participant2Id,
    serviceId: conversation.serviceId,
    requestId: conversation.requestId,
    title: service?.title ?? conversation.subjectTitle,
    other: {
      id: otherId,
      firstName: other?.firstName ?? null,
      lastName: other?.lastName ?? null,
      avatarUrl: other?.avatarUrl ?? null,
    },
    service: service ?? null,
    state,
    status: progressStatus(state),
    actions,
    reviewed: Boolean(review),
    createdAt: conversation.createdAt,
  };
}

/**
 * The newest messages, oldest first; with `before` (the oldest message on screen), the page of messages just before
 * it, for scrolling back through a long conversation.
 */
export async function listMessages(
  db: Db,
  actor: { id: string },
  conversationId: string,
  before?: { createdAt: string; id: string },
) {
  await loadForParticipant(db, actor, conversationId);
  const newest = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(before ? MESSAGE_PAGES.earlier : MESSAGE_PAGES.first);
  return newest.reverse();
}

/** Opening a conversation marks the other party's messages read; their screen hears of it. */
export async function markRead({ db, bus }: { db: Db; bus: EventBus }, actor: { id: string }, conversationId: string) {
  const { conversation } = await loadForParticipant(db, actor, conversationId);
  const read = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.conversationId, conversationId), ne(messages.senderId, actor.id), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  if (read.length > 0) announce(bus, conversation, [{ type: 'read', readerId: actor.id }]);
  return { read: read.length };
}

/** Which services the user already requested, and the conversation each opened (cards then show Chat). */
export function requestedServices(db: Db, userId: string) {
  return db
    .select({ serviceId: conversations.serviceId, conversationId: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, userId), isNotNull(conversations.serviceId)));
}
