import { sql, type SQL } from 'drizzle-orm';
import { UNREAD_COUNT_MAX } from '../../../domain/chat-essentials';
import { chatMessages, chatRoomMembers } from '../../db/schema/rooms';
import { countsAsUnreadSql } from './unread';

/**
 * For mark-room-read's statement: moves each reader's read cursor (chat_room_members.last_read_at and
 * last_read_message_id) to the newest message they marked, never backwards, and counts what is still unread after
 * it (capped, like the lists' counts), as the CTE `cursor_moved` (ord, unread). `newest` names the CTE of the messages
 * marked (ord, user_id, id, sent_at); `access` the readers (ord, room_id, user_id). A public room's reader who is no
 * member has no cursor: nothing moves. In the same statement, so a burst of readers stays one write.
 */
export function advanceReadCursorSql(newest: SQL, access: SQL): SQL {
  return sql`cursor_top as (
      select distinct on (nw.ord) nw.ord, nw.user_id, nw.id, nw.sent_at, ac.room_id
      from ${newest} nw join ${access} ac on ac.ord = nw.ord
      order by nw.ord, nw.sent_at desc, nw.id desc
    ), cursor_moved as (
      update ${chatRoomMembers} cm set last_read_at = top.sent_at, last_read_message_id = top.id
      from cursor_top top
      where cm.room_id = top.room_id and cm.user_id = top.user_id
        and (cm.last_read_at is null or (cm.last_read_at, cm.last_read_message_id) < (top.sent_at, top.id))
      returning top.ord, (select count(*)::int from (
        select 1 from ${chatMessages} later
        where later.room_id = top.room_id and later.kind = 'text'
          and ${countsAsUnreadSql(sql`later.sender_id`, sql`top.user_id`)}
          and (later.sent_at, later.id) > (top.sent_at, top.id)
        limit ${sql.raw(String(UNREAD_COUNT_MAX + 1))}) unread_rows) as unread
    )`;
}
