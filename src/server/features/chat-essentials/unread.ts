import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { UNREAD_COUNT_MAX } from '../../../domain/chat-essentials';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema/conversations';
import { chatMessages, chatRoomMembers } from '../../db/schema/rooms';
import { loadForParticipant } from '../conversations/conversation-access';
import { assertCanReadRoom } from '../rooms/room-access';
import { blockedBySql } from '../blocks/block-rules';

/**
 * Where a member's unread starts in a room: after their read cursor (mark-room-read.ts), or after they joined when
 * they have read nothing since. As a row value comparable to `(sent_at, id)`. `me` is a chat_room_members row.
 */
const cursorOf = (me: string) =>
  sql`(coalesce(${sql.raw(me)}.last_read_at, ${sql.raw(me)}.joined_at),
    coalesce(${sql.raw(me)}.last_read_message_id, '00000000-0000-0000-0000-000000000000'::uuid))`;

/**
 * Whose messages count as unread for a member: others', except those of members they blocked (folded on screen,
 * so not news). `senderId` is the message's sender column.
 */
export const countsAsUnreadSql = (senderId: SQL, userId: SQL) =>
  sql`${senderId} <> ${userId} and ${senderId} not in (${blockedBySql(userId)})`;

/** The others' messages a member has not read, in SQL, over at most UNREAD_COUNT_MAX + 1 of them ("99+"). */
export function roomUnreadCountSql(roomId: SQL, userId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (
    select 1 from ${chatMessages} um join ${chatRoomMembers} me on me.room_id = um.room_id and me.user_id = ${userId}
    where um.room_id = ${roomId} and um.kind = 'text' and ${countsAsUnreadSql(sql`um.sender_id`, userId)}
      and (um.sent_at, um.id) > ${cursorOf('me')}
    limit ${sql.raw(String(UNREAD_COUNT_MAX + 1))}) unread_rows)`;
}

export type FirstUnread = { messageId: string; sentAt: string } | null;

/** Where the "New messages" divider goes in a room: the first unread message after the member's cursor. */
export async function firstUnreadInRoom(deps: { db: Db }, actor: { id: string }, input: { roomId: string }) {
  await assertCanReadRoom(deps.db, input.roomId, actor.id);
  const { rows } = await deps.db.execute<{ id: string; sent_at: string }>(sql`
    select um.id, to_char(um.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at
    from ${chatMessages} um join ${chatRoomMembers} me on me.room_id = um.room_id and me.user_id = ${actor.id}
    where um.room_id = ${input.roomId} and um.kind = 'text' and ${countsAsUnreadSql(sql`um.sender_id`, sql`${actor.id}`)}
      and (um.sent_at, um.id) > ${cursorOf('me')}
    order by um.sent_at, um.id limit 1`);
  const row = rows[0];
  return (row ? { messageId: row.id, sentAt: row.sent_at } : null) as FirstUnread;
}

/** Where the divider goes in a direct conversation: the other party's first message not yet read. */
export async function firstUnreadInConversation(
  deps: { db: Db },
  actor: { id: string },
  input: { conversationId: string },
) {
  await loadForParticipant(deps.db, actor, input.conversationId);
  const [row] = await deps.db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.conversationId),
        ne(messages.senderId, actor.id),
        eq(messages.isRead, false),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  return (row ? { messageId: row.id, sentAt: row.createdAt.toISOString() } : null) as FirstUnread;
}
