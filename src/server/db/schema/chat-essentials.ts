import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { chatMessages, chatRooms } from './rooms';
import { instant, userRef } from './columns';

/**
 * The members a room message mentions, as the sender picked them (typed references, never parsed from the words).
 * Only members of the room the sender is not blocked with are written (send-room-message.ts).
 */
export const chatMessageMentions = pgTable(
  'chat_message_mentions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('chat_message_mentions_user_idx').on(t.userId)],
);

/**
 * A member's mute of a room or a conversation: no notification, email or push about its messages or mentions until
 * `until` (null: until turned back on). Not the moderators' mute of a member (chat_room_members.muted_at).
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    roomId: uuid('room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    until: instant('until'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('chat_mutes_one_target', sql`(${t.roomId} is null) <> (${t.conversationId} is null)`),
    uniqueIndex('chat_mutes_user_room_key')
      .on(t.userId, t.roomId)
      .where(sql`${t.roomId} is not null`),
    uniqueIndex('chat_mutes_user_conversation_key')
      .on(t.userId, t.conversationId)
      .where(sql`${t.conversationId} is not null`),
  ],
);
