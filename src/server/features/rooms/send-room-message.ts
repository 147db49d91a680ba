import { sql } from 'drizzle-orm';
import { ROOM_MESSAGE_MESSAGES, type MediaType } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statement';
import { profiles } from '../../db/schema/profiles';
import { chatMessages, chatRooms } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { recordEventSql } from '../../events/record-events';
import { AppError } from '../../errors';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { isGiphyMediaUrl } from './giphy-client';
import { assertCanPost, canPostInRoomSql } from './room-access';
import { assertNotMuted, platformMutedSql } from '../member-reports/member-mute';
import type { ReplyTarget, RoomMessageData } from '../../contracts/room-events';
import type { MentionData } from '../../../domain/chat-essentials';
import { insertMentionsSql, mentionsJsonSql } from '../chat-essentials/mentions';

export type RoomMedia = { type: MediaType; url: string; filename: string; size: number };

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What a message may show: a file the sender uploaded to chat media (never someone else's, which they could later
 * make disappear or use to point at anything), or a GIF from Giphy over https. Any other address is refused: a
 * room must not load pictures from anywhere a sender chooses (tracking pixels, IP logging of minors).
 */
export function assertRoomMedia(files: BlobStore, actor: { id: string }, media: RoomMedia) {
  if (!HAS_SCHEME.test(media.url)) {
    assertOwnUpload(files, actor, media.url, 'chat-media');
    return;
  }
  // The same host rule as the GIF search's answers (giphy-client.ts).
  if (media.type !== 'gif' || !isGiphyMediaUrl(media.url)) throw new AppError('ROOM_MEDIA_UNSUPPORTED');
}

const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const roomId = p('roomId', 'uuid');
const userId = p('userId', 'text');
const parentId = p('parentId', 'uuid');
const content = p('content', 'text');
const iso = (column: string) => sql`to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type SendRow = {
  allowed: boolean;
  parent_ok: boolean;
  id: string | null;
  sent_at: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  parent_content: string | null;
  parent_sender_id: string | null;
  parent_media_type: MediaType | null;
  parent_media_url: string | null;
  parent_sent_at: string | null;
  mentions: MentionData[] | null;
};

/**
 * The posting check (canPostInRoomSql: not banned, not muted, a private room's creator or members), the parent (of
 * this room only), the insert and the `room.message-posted` event, in ONE prepared statement: a room's messages queue
 * behind each other and behind its readers' receipts on the embedded database's one connection, and each round trip
 * costs more than the work (bench/README.md, rooms). Nothing allowed, nothing written and no event.
 */
const send = preparedStatement<
  SendRow,
  {
    roomId: string;
    userId: string;
    parentId: string | null;
    content: string | null;
    mediaType: MediaType | null;
    mediaUrl: string | null;
    mediaFilename: string | null;
    mediaSize: number | null;
    mentions: string;
  }
>(
  'rooms.send',
  sql`
    with access as (
      select room.id from ${chatRooms} room
      where room.id = ${roomId} and ${canPostInRoomSql(userId)} and not ${platformMutedSql(userId)}
    ), parent as (
      select pm.id, pm.content, pm.sender_id, pm.media_type, pm.media_url, pm.sent_at from ${chatMessages} pm
      where pm.id = ${parentId} and pm.room_id = ${roomId}
    ), m as (
      insert into ${chatMessages}
        (room_id, sender_id, kind, content, parent_message_id, media_type, media_url, media_filename, media_size)
      select access.id, ${userId}, 'text', ${content}, (select id from parent), ${p('mediaType', 'media_type')},
        ${p('mediaUrl', 'text')}, ${p('mediaFilename', 'text')}, ${p('mediaSize', 'integer')}
      from access
      where ${parentId} is null or exists (select 1 from parent)
      returning id, room_id, sender_id, parent_message_id, sent_at, media_type, media_url, media_filename, media_size
    ), ${insertMentionsSql(sql`m`, p('mentions', 'jsonb'))}, sender as (
      select pr.first_name, pr.last_name, pr.avatar_url from ${profiles} pr where pr.id = ${userId}
    ), ${recordEventSql(
      'room.message-posted',
      {
        actorId: userId,
        roomId: sql`m.room_id::text`,
        messageId: sql`m.id::text`,
        // As RoomMessageData (roomMessageDataOf), without the words, the sender's or the parent's: the outbox keeps
        // no copy of what members wrote (recordEvents says why).
        message: sql`jsonb_build_object('id', m.id, 'roomId', m.room_id, 'senderId', m.sender_id,
          'senderFirstName', (select first_name from sender), 'senderLastName', (select last_name from sender),
          'senderAvatarUrl', (select avatar_url from sender), 'kind', 'text', 'content', null, 'notice', null,
          'parentMessageId', m.parent_message_id,
          'replyTo', (select jsonb_build_object('id', parent.id, 'content', null, 'senderId', parent.sender_id,
            'mediaType', parent.media_type, 'mediaUrl', parent.media_url, 'sentAt', ${iso('parent.sent_at')})
            from parent),
          'sentAt', ${iso('m.sent_at')}, 'editedAt', null, 'mediaType', m.media_type, 'mediaUrl', m.media_url,
          'mediaFilename', m.media_filename, 'mediaSize', m.media_size, 'mentions', ${mentionsJsonSql})`,
      },
      { from: sql`m` },
    )}, ${recordEventSql(
      'room.member-mentioned',
      {
        actorId: userId,
        roomId: sql`m.room_id::text`,
        messageId: sql`m.id::text`,
        userIds: sql`(select jsonb_agg(user_id order by user_id) from mentioned)`,
      },
      { from: sql`m where exists (select 1 from mentioned)`, name: 'mention_event' },
    )}
    select exists (select 1 from access) as allowed, (${parentId} is null or exists (select 1 from parent)) as parent_ok,
      m.id, ${iso('m.sent_at')} as sent_at,
      (select first_name from sender) as first_name, (select last_name from sender) as last_name,
      (select avatar_url from sender) as avatar_url,
      (select content from parent) as parent_content, (select sender_id from parent) as parent_sender_id,
      (select media_type from parent) as parent_media_type, (select media_url from parent) as parent_media_url,
      (select ${iso('parent.sent_at')} from parent) as parent_sent_at, ${mentionsJsonSql} as mentions
    from (select 1) one left join m on true`,
);

/**
 * A member's message (words, media, or both; a reply when it names a parent of the same room). It is always of kind
 * 'text', whatever it says: notices come only from the server's own steps. One statement writes it with its event,
 * and its cost does not depend on the room's size: the live listeners fan it out.
 */
export async function sendRoomMessage(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { roomId: string; content: string; parentMessageId?: string; media?: RoomMedia; mentions?: string[] },
): Promise<RoomMessageData> {
  const { roomId, media } = input;
  const words = input.content.trim();
  if (!words && !media) throw new AppError('ROOM_MESSAGE_EMPTY');
  if (media) assertRoomMedia(deps.files, actor, media);
  const [row] = await send(deps.db, {
    roomId,
    userId: actor.id,
    parentId: input.parentMessageId ?? null,
    content: words || null,
    mediaType: media?.type ?? null,
    mediaUrl: media?.url ?? null,
    mediaFilename: media?.filename ?? null,
    mediaSize: media?.size ?? null,
    mentions: JSON.stringify(input.mentions ?? []),
  });
  if (!row?.allowed) {
    // Refused: the precise reason (missing, banned, muted, members only) from the one place that decides it.
    await assertCanPost(deps.db, roomId, actor.id);
    await assertNotMuted(deps.db, actor.id);
    throw new AppError('ROOM_MEMBERS_ONLY');
  }
  // A reply names a message of this room only: a thread never reaches into another (private) room.
  if (!row.parent_ok || !row.id || !row.sent_at) {
    throw new AppError('ROOM_MESSAGE_NOT_FOUND', ROOM_MESSAGE_MESSAGES.sendFailed);
  }
  const replyTo: ReplyTarget | null =
    input.parentMessageId && row.parent_sender_id && row.parent_sent_at
      ? {
          id: input.parentMessageId,
          content: row.parent_content,
          senderId: row.parent_sender_id,
          mediaType: row.parent_media_type,
          mediaUrl: row.parent_media_url,
          sentAt: row.parent_sent_at,
        }
      : null;
  const message: RoomMessageData = {
    id: row.id,
    roomId,
    senderId: actor.id,
    senderFirstName: row.first_name,
    senderLastName: row.last_name,
    senderAvatarUrl: row.avatar_url,
    kind: 'text',
    content: words || null,
    notice: null,
    parentMessageId: replyTo?.id ?? null,
    replyTo,
    sentAt: row.sent_at,
    editedAt: null,
    mediaType: media?.type ?? null,
    mediaUrl: media?.url ?? null,
    mediaFilename: media?.filename ?? null,
    mediaSize: media?.size ?? null,
    mentions: row.mentions ?? [],
  };
  deps.events.committed([{ type: 'room.message-posted', actorId: actor.id, roomId, messageId: message.id, message }]);
  if (message.mentions?.length) {
    const userIds = message.mentions.map((m) => m.userId);
    deps.events.committed([
      { type: 'room.member-mentioned', actorId: actor.id, roomId, messageId: message.id, userIds },
    ]);
  }
  return message;
}
