import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { EMOJI_MAX } from '../../../domain/emoji';
import type { RoomMessageKind, RoomNoticePayload } from '../../../domain/room-notices';
import { MEDIA_TYPES, ROOM_LIMITS, ROOM_ROLES } from '../../../domain/rooms';
import { users } from './auth';
import { instant, userRef } from './columns';

export const roomRoleEnum = pgEnum('room_role', ROOM_ROLES);
export const mediaTypeEnum = pgEnum('media_type', MEDIA_TYPES);

/** Spec 3, section 3. The creator is created_by and also a member (role admin), so one membership read answers. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Optional in the form; stored as empty when blank. */
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    /** Null once the creator's account is deleted: the room and its members' words stay, with nobody above admins. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'chat_rooms_name_length',
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(ROOM_LIMITS.nameMax))}`,
    ),
    check(
      'chat_rooms_description_length',
      sql`char_length(${t.description}) <= ${sql.raw(String(ROOM_LIMITS.descriptionMax))}`,
    ),
    index('chat_rooms_created_idx').on(t.createdAt, t.id),
  ],
);

/*
 * The references most tables here share, one definition each so they cannot drift apart: a row goes with the room,
 * the user or the message it belongs to. Each call makes a new column (a column belongs to one table).
 */
const roomRef = () =>
  uuid('room_id')
    .notNull()
    .references(() => chatRooms.id, { onDelete: 'cascade' });
const messageRef = () =>
  uuid('message_id')
    .notNull()
    .references(() => chatMessages.id, { onDelete: 'cascade' });

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: roomRef(),
    userId: userRef(),
    role: roomRoleEnum('role').notNull().default('member'),
    /** Set while muted: a muted member reads but cannot post, react or type until unmuted. */
    mutedAt: instant('muted_at'),
    joinedAt: instant('joined_at').notNull().defaultNow(),
    /** Who added the member, when someone else did (an invitation): for the record only (gone with their account). */
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Someone else added the member (an invitation), as opposed to joining or creating the room themselves. Not
     * derived from added_by, which empties when the adder deletes their account: progression counts only the rooms
     * a user chose, so a stranger adding a minor to rooms earns them nothing, even after the stranger is gone.
     */
    invited: boolean('invited').notNull().default(false),
    /**
     * The member's read cursor: the newest message they have read (its time and id, mark-room-read.ts), from which
     * the unread count and the "New messages" divider start. Null: nothing read since joining.
     */
    lastReadAt: instant('last_read_at'),
    lastReadMessageId: uuid('last_read_message_id'),
  },
  (t) => [
    uniqueIndex('chat_room_members_room_user_key').on(t.roomId, t.userId),
    index('chat_room_members_user_idx').on(t.userId),
  ],
);

/** A ban removes the membership and keeps the user out: no joining a public room, no invitation, no reading. */
export const chatRoomBans = pgTable(
  'chat_room_bans',
  {
    roomId: roomRef(),
    userId: userRef(),
    bannedBy: text('banned_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: roomRef(),
    /** Not a foreign key, as in direct conversations: a deleted sender's messages stay, from "Unknown User". */
    senderId: text('sender_id').notNull(),
    /** 'text' (a member's words and/or media) or a notice the server posts (domain/room-notices.ts). */
    kind: text('kind').$type<RoomMessageKind>().notNull().default('text'),
    content: text('content'),
    payload: jsonb('payload').$type<RoomNoticePayload>(),
    /** The message replied to; its thread is every message with this parent. A deleted parent leaves the reply. */
    parentMessageId: uuid('parent_message_id').references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    sentAt: instant('sent_at').notNull().defaultNow(),
    editedAt: instant('edited_at'),
    mediaType: mediaTypeEnum('media_type'),
    mediaUrl: text('media_url'),
    mediaFilename: text('media_filename'),
    mediaSize: integer('media_size'),
  },
  (t) => [
    check(
      'chat_messages_text_has_words_or_media',
      sql`${t.kind} <> 'text' or (${t.payload} is null and (char_length(btrim(coalesce(${t.content}, ''))) > 0 or ${t.mediaUrl} is not null))`,
    ),
    check(
      'chat_messages_notice_has_payload',
      sql`${t.kind} = 'text' or (${t.payload} is not null and ${t.content} is null)`,
    ),
    check('chat_messages_content_length', sql`char_length(${t.content}) <= ${sql.raw(String(ROOM_LIMITS.messageMax))}`),
    check(
      'chat_messages_media_complete',
      sql`(${t.mediaUrl} is null) = (${t.mediaType} is null) and (${t.mediaSize} is null or ${t.mediaSize} between 0 and ${sql.raw(String(ROOM_LIMITS.attachmentMaxBytes))})`,
    ),
    index('chat_messages_room_sent_idx').on(t.roomId, t.sentAt, t.id),
    index('chat_messages_parent_idx')
      .on(t.parentMessageId, t.sentAt)
      .where(sql`${t.parentMessageId} is not null`),
    // Progression counts a user's own messages at each message they send.
    index('chat_messages_sender_text_idx')
      .on(t.senderId)
      .where(sql`${t.kind} = 'text'`),
    // Message search (features/message-search): the expression and predicate its query repeats exactly.
    index('chat_messages_content_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.content})`)
      .where(sql`${t.kind} = 'text'`),
  ],
);

/** Emoji reactions: one per user per message (spec 3, section 4), an emoji checked before it is stored. */
export const messageStickers = pgTable(
  'message_stickers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: messageRef(),
    userId: userRef(),
    emoji: text('emoji').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_stickers_message_user_key').on(t.messageId, t.userId),
    check('message_stickers_emoji_length', sql`char_length(${t.emoji}) between 1 and ${sql.raw(String(EMOJI_MAX))}`),
  ],
);

export const chatMessageReadReceipts = pgTable(
  'chat_message_read_receipts',
  {
    messageId: messageRef(),
    userId: userRef(),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('chat_message_read_receipts_user_idx').on(t.userId)],
);
