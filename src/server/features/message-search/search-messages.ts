import { sql, type SQL } from 'drizzle-orm';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  MESSAGE_SEARCH_LIMITS,
  MESSAGE_SEARCH_TEXTS,
  searchWords,
  snippetOf,
  type MessageSearchCursor,
  type MessageSearchScope,
  type Snippet,
} from '../../../domain/message-search';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { chatMessages, chatRooms } from '../../db/schema/rooms';
import { AppError } from '../../errors';
import { blockedBetweenSql, blockedBySql } from '../blocks/block-rules';
import { loadForParticipant } from '../conversations/conversation-access';
import { assertCanReadRoom, canReadRoomSql } from '../rooms/room-access';
import { documentOf, tsqueryOf } from './search-query';

export type MessageSearchResult = {
  /** Where the message is: a conversation (named by the other party) or a room (by its name). */
  place: { type: 'conversation'; id: string; name: string } | { type: 'room'; id: string; name: string };
  messageId: string;
  senderId: string;
  senderName: string;
  sentAt: string;
  snippet: Snippet;
};
export type MessageSearchPage = { results: MessageSearchResult[]; nextCursor: MessageSearchCursor | null };

/**
 * Searches are the heaviest reads a member can ask for: 30 a minute each (a debounced search box sends one per
 * pause in typing), so only a script reaches the limit. In memory: each server counts its own.
 */
export const SEARCHES_PER_USER = { points: 30, windowSeconds: 60 } as const;
const searchesPerUser = new RateLimiterMemory({
  keyPrefix: 'message-search',
  points: SEARCHES_PER_USER.points,
  duration: SEARCHES_PER_USER.windowSeconds,
});

type Row = {
  place_type: 'conversation' | 'room';
  place_id: string;
  place_name: string | null;
  other_first: string | null;
  other_last: string | null;
  id: string;
  sender_id: string;
  sender_first: string | null;
  sender_last: string | null;
  body: string;
  at: Date | string;
};

/**
 * The text messages the member may read that hold every searched word, newest first: their own conversations (none
 * with a member blocked either way), and the rooms canReadRoomSql lets them read (their rooms and public rooms;
 * never a room they were banned from, nor a private room they left or were removed from), without the messages of a
 * member they blocked. Newest first rather than by rank: in a chat the recent mention is the one looked for,
 * the order is stable for keyset paging, and ranking would score every match of a common word before the first page.
 */
export async function searchMessages(
  deps: { db: Db },
  actor: { id: string },
  input: { query: string; scope: MessageSearchScope; cursor?: MessageSearchCursor | null },
): Promise<MessageSearchPage> {
  const { db } = deps;
  try {
    await searchesPerUser.consume(actor.id);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', MESSAGE_SEARCH_TEXTS.rateLimited);
    throw error;
  }
  return findMessages(db, actor, input);
}

/** The search itself, past the rate limit (the benchmark measures this). */
export async function findMessages(
  db: Db,
  actor: { id: string },
  input: { query: string; scope: MessageSearchScope; cursor?: MessageSearchCursor | null },
): Promise<MessageSearchPage> {
  const { scope, cursor } = input;
  // A scope outside the member's reach is refused with the chat's own answer, before anything is searched.
  if (scope.type === 'conversation') await loadForParticipant(db, actor, scope.id);
  if (scope.type === 'room') await assertCanReadRoom(db, scope.id, actor.id);
  const words = searchWords(input.query);
  const query = tsqueryOf(words);
  if (!query) return { results: [], nextCursor: null };

  const me = sql`${actor.id}`;
  const take = MESSAGE_SEARCH_LIMITS.page + 1;
  const after = (at: SQL, id: SQL) =>
    cursor ? sql`and (${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;

  // The chats the member may read are decided once per search, not once per matching message: a frequent word
  // matches thousands of messages, and the hash joins below cost a probe each where the rules would cost subqueries.
  const myConversations = sql`my_conversations as materialized (
    select c.id, case when c.participant1_id = ${me} then c.participant2_id else c.participant1_id end as other_id
    from ${conversations} c
    where (c.participant1_id = ${me} or c.participant2_id = ${me})
      and not ${blockedBetweenSql(sql`c.participant1_id`, sql`c.participant2_id`)}
      ${scope.type === 'conversation' ? sql`and c.id = ${scope.id}` : sql``})`;
  const readableRooms = sql`readable_rooms as materialized (
    select room.id, room.name from ${chatRooms} room
    where ${canReadRoomSql(me)} ${scope.type === 'room' ? sql`and room.id = ${scope.id}` : sql``})`;
  // The members this member blocked: their room messages are folded on screen, so search leaves them out too. Not
  // the other way: hiding the room messages of someone who blocked the searcher would tell them so.
  const blockedMembers = sql`blocked_members (id) as materialized (${blockedBySql(me)})`;

  const inConversations = sql`(
    select 'conversation' as place_type, c.id as place_id, null::text as place_name, c.other_id,
      m.id, m.sender_id, m.text as body, m.created_at as at
    from ${messages} m
    join my_conversations c on c.id = m.conversation_id
    where m.kind = 'text' and ${documentOf(sql`m.text`)} @@ ${query}
      ${after(sql`m.created_at`, sql`m.id`)}
    order by m.created_at desc, m.id desc
    limit ${take})`;
  const inRooms = sql`(
    select 'room' as place_type, room.id as place_id, room.name as place_name, null::text as other_id,
      cm.id, cm.sender_id, cm.content as body, cm.sent_at as at
    from ${chatMessages} cm
    join readable_rooms room on room.id = cm.room_id
    where cm.kind = 'text' and ${documentOf(sql`cm.content`)} @@ ${query}
      and cm.sender_id not in (select id from blocked_members)
      ${after(sql`cm.sent_at`, sql`cm.id`)}
    order by cm.sent_at desc, cm.id desc
    limit ${take})`;
  const searchesConversations = scope.type !== 'room';
  const searchesRooms = scope.type !== 'conversation';
  const ctes = [
    ...(searchesConversations ? [myConversations] : []),
    ...(searchesRooms ? [readableRooms, blockedMembers] : []),
  ];
  const parts = [...(searchesConversations ? [inConversations] : []), ...(searchesRooms ? [inRooms] : [])];

  const { rows } = await db.execute<Row>(sql`
    with ${sql.join(ctes, sql`, `)}
    select hit.place_type, hit.place_id, hit.place_name, hit.id, hit.sender_id, hit.body, hit.at,
      other.first_name as other_first, other.last_name as other_last,
      sender.first_name as sender_first, sender.last_name as sender_last
    from (${sql.join(parts, sql` union all `)}) hit
    left join ${profiles} other on other.id = hit.other_id
    left join ${profiles} sender on sender.id = hit.sender_id
    order by hit.at desc, hit.id desc
    limit ${take}`);

  const page = rows.slice(0, MESSAGE_SEARCH_LIMITS.page);
  const results = page.map((row): MessageSearchResult => {
    const sentAt = new Date(row.at).toISOString();
    return {
      place:
        row.place_type === 'conversation'
          ? {
              type: 'conversation',
              id: row.place_id,
              name: displayName({ firstName: row.other_first, lastName: row.other_last }),
            }
          : { type: 'room', id: row.place_id, name: row.place_name ?? '' },
      messageId: row.id,
      senderId: row.sender_id,
      senderName: displayName({ firstName: row.sender_first, lastName: row.sender_last }),
      sentAt,
      snippet: snippetOf(row.body, words),
    };
  });
  const last = results.at(-1);
  return {
    results,
    nextCursor: rows.length > page.length && last ? { at: last.sentAt, id: last.messageId } : null,
  };
}
