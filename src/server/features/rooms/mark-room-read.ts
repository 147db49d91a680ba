import { sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { groupCommit } from '../../db/group-commit';
import { preparedStatement } from '../../db/prepared-statement';
import { profiles } from '../../db/schema/profiles';
import { chatMessageReadReceipts, chatMessages, chatRooms } from '../../db/schema/rooms';
import type { EventOf } from '../../contracts/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { recordEventSql } from '../../events/record-events';
import { assertCanReadRoom, canReadRoomSql } from './room-access';
import { advanceReadCursorSql } from '../chat-essentials/read-cursor';

/**
 * How far back one call marks: a few pages. Older messages are not on anyone's screen, and a reader back after
 * months must not write (or announce) thousands of receipts.
 */
export const MARK_READ_LIMIT = ROOM_LIMITS.messagePage * 4;

/**
 * `after` (the message the caller marked up to last time) spares looking again at what they have read: each look is
 * a probe of the receipts, and a reader marking a busy room looked at its last 200 messages every time. Messages
 * sent a little before it are looked at again: one committed later than a newer one (two sends crossing) may have
 * reached the screen after the last mark.
 */
const AFTER_OVERLAP_SECONDS = 5;

const batch = sql`${sql.placeholder('batch')}::jsonb`;
const readAt = sql`${sql.placeholder('readAt')}::timestamptz`;
const m = chatMessages;
const r = chatMessageReadReceipts;

type Reading = { roomId: string; userId: string; upTo: string | null; after: string | null };
type Marked = {
  readAt: string;
  allowed: boolean;
  message_ids: string[] | null;
  /** The author of each of message_ids, in the same order. */
  message_senders: string[] | null;
  sender_ids: string[] | null;
  first_name: string | null;
  avatar_url: string | null;
  /** What the reader has still unread in the room (null when not a member). */
  unread: number | null;
};

/**
 * For a batch of readers (room, reader, up to which message): the access check (canReadRoomSql), the receipts for
 * the others' messages each has not read yet, and one `room.messages-read` event per reader naming them, in ONE
 * prepared statement. When a message reaches a room of a
 * thousand, a thousand readers mark it read within a second or two: one round trip each, queued on the embedded
 * database's one connection, held the messages sent meanwhile for seconds (bench/README.md, rooms).
 */
const mark = preparedStatement<Omit<Marked, 'readAt'> & { ord: number }, { batch: string; readAt: string }>(
  'rooms.markReadBatch',
  sql`
    with input as (
      select (t.e ->> 'roomId')::uuid as room_id, t.e ->> 'userId' as user_id, (t.e ->> 'upTo')::uuid as up_to,
        (t.e ->> 'after')::uuid as after, t.ord
      from jsonb_array_elements(${batch}) with ordinality as t(e, ord)
    ), access as (
      select input.* from input join ${chatRooms} room on room.id = input.room_id
      where ${canReadRoomSql(sql`input.user_id`)}
    ), newest as (
      select access.ord, access.user_id, n.id, n.sender_id, n.kind, n.sent_at from access
      cross join lateral (
        select ${m.id} as id, ${m.senderId} as sender_id, ${m.kind} as kind, ${m.sentAt} as sent_at from ${m}
        where ${m.roomId} = access.room_id
          and (access.up_to is null or (${m.sentAt}, ${m.id}) <= (
            select u.sent_at, u.id from ${m} u where u.id = access.up_to and u.room_id = access.room_id))
          and ${m.sentAt} > coalesce((
            select u.sent_at - ${sql.raw(`interval '${AFTER_OVERLAP_SECONDS} seconds'`)} from ${m} u
            where u.id = access.after and u.room_id = access.room_id), '-infinity')
        order by ${m.sentAt} desc, ${m.id} desc
        limit ${sql.raw(String(MARK_READ_LIMIT))}
      ) n
    ), inserted as (
      insert into ${r} (message_id, user_id, read_at)
      select newest.id, newest.user_id, ${readAt} from newest
      where newest.sender_id <> newest.user_id and newest.kind = 'text'
        and not exists (select 1 from ${r} seen where seen.message_id = newest.id and seen.user_id = newest.user_id)
      on conflict do nothing
      returning message_id, user_id
    ), ${advanceReadCursorSql(sql`newest`, sql`access`)}, readers as (
      select newest.ord, jsonb_agg(inserted.message_id order by inserted.message_id) as message_ids,
        jsonb_agg(newest.sender_id order by inserted.message_id) as message_senders,
        jsonb_agg(distinct newest.sender_id) as sender_ids
      from inserted join newest on newest.id = inserted.message_id and newest.user_id = inserted.user_id
      group by newest.ord
    ), marked as (
      select readers.*, access.room_id, access.user_id, p.first_name, p.avatar_url, cursor_moved.unread
      from readers join access on access.ord = readers.ord left join ${profiles} p on p.id = access.user_id
      left join cursor_moved on cursor_moved.ord = readers.ord
    ), ${recordEventSql(
      'room.messages-read',
      {
        actorId: sql`marked.user_id`,
        roomId: sql`marked.room_id::text`,
        messageIds: sql`marked.message_ids`,
        senderIds: sql`marked.sender_ids`,
        messageSenders: sql`marked.message_senders`,
        readAt: sql`${sql.placeholder('readAt')}::text`,
        reader: sql`jsonb_build_object('firstName', marked.first_name, 'avatarUrl', marked.avatar_url)`,
        unread: sql`marked.unread`,
      },
      { from: sql`marked` },
    )}
    select input.ord::int as ord, exists (select 1 from access where access.ord = input.ord) as allowed,
      marked.message_ids, marked.message_senders, marked.sender_ids, marked.first_name, marked.avatar_url,
      marked.unread
    from input left join marked on marked.ord = input.ord
    order by input.ord`,
);

/**
 * The markReads of one database, written together (group-commit.ts): a batch at a time, so a room's burst of
 * readers is a few statements, and the sends between them wait for one statement at most. A reader's two calls
 * in one room go in two batches.
 */
const writers = new WeakMap<Db, (reading: Reading) => Promise<Marked>>();
function writerFor(db: Db) {
  let writer = writers.get(db);
  if (!writer) {
    writer = groupCommit<Reading, Marked>(
      async (readings) => {
        const readAt = new Date().toISOString();
        const rows = await mark(db, { batch: JSON.stringify(readings), readAt });
        return rows.map((row) => ({ ...row, readAt }));
      },
      { maxBatch: 100, maxPending: 20_000, key: (reading) => `${reading.roomId.toLowerCase()}:${reading.userId}` },
    );
    writers.set(db, writer);
  }
  return writer;
}

/**
 * The caller has read the room (up to `upTo`, a message of the room, when given; since `after`, the `upTo` of their
 * previous call, when given): receipts for the others' messages they had not read yet, and one `room.messages-read`
 * naming them, in one statement with the other readers of the moment (writerFor). The screen calls this once per
 * burst (1 s after the list changes), so a reader costs one write per burst however many messages arrived.
 * Nothing new read, nothing written and no event.
 */
export async function markRoomRead(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { roomId: string; upTo?: string | undefined; after?: string | undefined },
): Promise<{ messageIds: string[]; readAt: string }> {
  const { roomId, upTo = null, after = null } = input;
  const row = await writerFor(deps.db)({ roomId, userId: actor.id, upTo, after });
  if (!row.allowed) {
    // Refused: the precise reason (missing, banned, private) from the one place that decides it.
    await assertCanReadRoom(deps.db, roomId, actor.id);
    return { messageIds: [], readAt: row.readAt };
  }
  const messageIds = row.message_ids ?? [];
  if (messageIds.length > 0) {
    const event: EventOf<'room.messages-read'> = {
      type: 'room.messages-read',
      actorId: actor.id,
      roomId,
      messageIds,
      senderIds: row.sender_ids ?? [],
      messageSenders: row.message_senders ?? [],
      readAt: row.readAt,
      reader: { firstName: row.first_name, avatarUrl: row.avatar_url },
      unread: row.unread,
    };
    deps.events.committed([event]);
  }
  return { messageIds, readAt: row.readAt };
}
