import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';
import { isAdminColumn } from '../accounts/is-admin';

const CONVERSATIONS_SHOWN = 200;

/** The other participant of a conversation, seen from `userId`. */
const otherParty = (userId: string) =>
  sql<string>`case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`;

/** The user's conversations, most recently active first, with the other party and the unread count. */
export async function listConversations(deps: { db: Db }, actor: { id: string }, _input: Record<string, never> = {}) {
  const userId = actor.id;
  return deps.db
    .select({
      id: conversations.id,
      subjectTitle: conversations.subjectTitle,
      serviceTitle: services.title,
      lastMessage: conversations.lastMessage,
      updatedAt: conversations.updatedAt,
      serviceStarted: conversations.serviceStarted,
      serviceCompleted: sql<boolean>`${conversations.completedAt} is not null`,
      otherId: otherParty(userId),
      otherFirstName: profiles.firstName,
      otherLastName: profiles.lastName,
      otherAvatarUrl: profiles.avatarUrl,
      otherIsAdmin: isAdminColumn(profiles.id),
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
