import { sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statement';
import { profiles } from '../../db/schema/profiles';
import { chatMessageReadReceipts, chatMessages, chatRoomBans, chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import type { EventOf } from '../../events/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { recordEventSql } from '../../events/record-events';
import { assertCanReadRoom } from './room-access';

/**
 * How far back one call marks: a few pages. Older messages are not on anyone's screen, and a reader back after
 * months must not write (or announce) thousands of receipts.
 */
export const MARK_READ_LIMIT = ROOM_LIMITS.messagePage * 4;

const roomId = sql`${sql.placeholder('roomId')}::uuid`;
const userId = sql`${sql.placeholder('userId')}::text`;
const upTo = sql`${sql.placeholder('upTo')}::uuid`;
const readAt = sql`${sql.placeholder('readAt')}::timestamptz`;
const m = chatMessages;
const r = chatMessageReadReceipts;

/**
 * The access check (assertCanReadRoom's rule: not banned; a private room's creator or members), the receipts for
 * the others' messages not read yet, and the `room.messages-read` event naming them, in ONE prepared statement:
 * when a message reaches a room of a thousand, a thousand readers mark it read within a second or two, and each
 * round trip to the embedded database is queued behind the others (bench/README.md, rooms).
 */
const mark = preparedStatement<
  {
    allowed: boolean;
    message_ids: string[];
    sender_ids: string[];
    first_name: string | null;
    avatar_url: string | null;
  },
  { roomId: string; userId: string; upTo: string | null; readAt: string }
>(
  'rooms.markRead',
  sql`
    with access as (
      select room.id from ${chatRooms} room
      where room.id = ${roomId}
        and not exists (select 1 from ${chatRoomBans} b where b.room_id = room.id and b.user_id = ${userId})
        and (not room.is_private or room.created_by = ${userId}
          or exists (select 1 from ${chatRoomMembers} cm where cm.room_id = room.id and cm.user_id = ${userId}))
    ), newest as (
      select ${m.id} as id, ${m.senderId} as sender_id, ${m.kind} as kind from ${m}
      where ${m.roomId} = (select id from access)
        and (${upTo} is null or (${m.sentAt}, ${m.id}) <= (
          select u.sent_at, u.id from ${m} u where u.id = ${upTo} and u.room_id = ${roomId}))
      order by ${m.sentAt} desc, ${m.id} desc
      limit ${sql.raw(String(MARK_READ_LIMIT))}
    ), inserted as (
      insert into ${r} (message_id, user_id, read_at)
      select newest.id, ${userId}, ${readAt} from newest
      where newest.sender_id <> ${userId} and newest.kind = 'text'
        and not exists (select 1 from ${r} seen where seen.message_id = newest.id and seen.user_id = ${userId})
      on conflict do nothing
      returning message_id
    ), marked as (
      select inserted.message_id, newest.sender_id from inserted join newest on newest.id = inserted.message_id
    ), reader as (
      select p.first_name, p.avatar_url from ${profiles} p where p.id = ${userId}
    ), ${recordEventSql(
      'room.messages-read',
      {
        actorId: userId,
        roomId: sql`${roomId}::text`,
        messageIds: sql`(select jsonb_agg(message_id) from marked)`,
        senderIds: sql`(select jsonb_agg(distinct sender_id) from marked)`,
        readAt: sql`${sql.placeholder('readAt')}::text`,
        reader: sql`(select jsonb_build_object('firstName', first_name, 'avatarUrl', avatar_url) from reader)`,
      },
      { from: sql`(select 1 where exists (select 1 from marked)) as any_marked` },
    )}
    select exists (select 1 from access) as allowed,
      array(select message_id from marked) as message_ids,
      array(select distinct sender_id from marked) as sender_ids,
      (select first_name from reader) as first_name, (select avatar_url from reader) as avatar_url`,
);

/**
 * The caller has read the room (up to `upTo`, a message of the room, when given): receipts for the others' messages
 * they had not read yet, and one `room.messages-read` naming them, in one statement. The screen calls this once per
 * burst (1 s after the list changes), so a reader costs one write per burst however many messages arrived.
 * Nothing new read, nothing written and no event.
 */
export async function markRoomRead(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { roomId: string; upTo?: string },
): Promise<{ messageIds: string[]; readAt: string }> {
  const at = new Date().toISOString();
  const [row] = await mark(deps.db, { roomId: input.roomId, userId: actor.id, upTo: input.upTo ?? null, readAt: at });
  if (!row?.allowed) {
    // Refused: the precise reason (missing, banned, private) from the one place that decides it.
    await assertCanReadRoom(deps.db, input.roomId, actor.id);
    return { messageIds: [], readAt: at };
  }
  const messageIds = row.message_ids;
  if (messageIds.length > 0) {
    const event: EventOf<'room.messages-read'> = {
      type: 'room.messages-read',
      actorId: actor.id,
      roomId: input.roomId,
      messageIds,
      senderIds: row.sender_ids,
      readAt: at,
      reader: { firstName: row.first_name, avatarUrl: row.avatar_url },
    };
    deps.events.committed([event]);
  }
  return { messageIds, readAt: at };
}
