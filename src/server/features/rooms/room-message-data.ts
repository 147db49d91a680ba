import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shownEmoji } from '../../../domain/emoji';
import { roomNoticeOf } from '../../../domain/room-notices';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db, Tx } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatMessageReadReceipts, chatMessages, messageStickers } from '../../db/schema/rooms';
import { AppError } from '../../errors';
import type { ReplyTarget, RoomMessageData } from '../../contracts/room-events';
import { withMentions } from '../chat-essentials/mentions';

export type RoomMessageRow = typeof chatMessages.$inferSelect;

/** A reaction as the room shows it: the stored emoji through shownEmoji, so a corrupt one reads as "?". */
export type ReactionData = { messageId: string; userId: string; emoji: string };

/** One reader of one message, with what the receipt avatars and their tooltip show. */
export type ReceiptData = {
  messageId: string;
  userId: string;
  readAt: string;
  firstName: string | null;
  avatarUrl: string | null;
};

/** How many have read a message: the avatars stop at 3, the "+n" counts the rest. */
export type ReadCount = { messageId: string; count: number };

/** Messages with what their screen shows beside them, as `list`, `earlier` and `thread` answer. */
export type RoomMessagePage = {
  messages: RoomMessageData[];
  reactions: ReactionData[];
  receipts: ReceiptData[];
  readCounts: ReadCount[];
};

const parent = alias(chatMessages, 'parent');

/** The message, its sender's public profile and its parent: one select, whatever the page. */
const messageFields = {
  message: chatMessages,
  senderFirstName: profiles.firstName,
  senderLastName: profiles.lastName,
  senderAvatarUrl: profiles.avatarUrl,
  parentId: parent.id,
  parentContent: parent.content,
  parentSenderId: parent.senderId,
  parentMediaType: parent.mediaType,
  parentMediaUrl: parent.mediaUrl,
  parentSentAt: parent.sentAt,
};

export type SenderProfile = { firstName: string | null; lastName: string | null; avatarUrl: string | null };

/** The room messages query with its joins, for the caller to filter, order and limit. */
export function selectRoomMessages(db: Db | Tx) {
  return db
    .select(messageFields)
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.id, chatMessages.senderId))
    .leftJoin(parent, eq(parent.id, chatMessages.parentMessageId))
    .$dynamic();
}

type SelectedMessage = Awaited<ReturnType<ReturnType<typeof selectRoomMessages>['execute']>>[number];

export function replyTargetOf(row: RoomMessageRow): ReplyTarget {
  return {
    id: row.id,
    content: row.content,
    senderId: row.senderId,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    sentAt: row.sentAt.toISOString(),
  };
}

/** A stored message as the room view shows it; a notice's words come from its typed payload, never its content. */
export function roomMessageDataOf(
  row: RoomMessageRow,
  sender: SenderProfile | null,
  replyTo: ReplyTarget | null,
): RoomMessageData {
  return {
    id: row.id,
    roomId: row.roomId,
    senderId: row.senderId,
    senderFirstName: sender?.firstName ?? null,
    senderLastName: sender?.lastName ?? null,
    senderAvatarUrl: sender?.avatarUrl ?? null,
    kind: row.kind,
    content: row.kind === 'text' ? row.content : null,
    notice: row.kind === 'text' ? null : roomNoticeOf({ kind: row.kind, payload: row.payload }),
    parentMessageId: row.parentMessageId,
    replyTo,
    sentAt: row.sentAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    mediaFilename: row.mediaFilename,
    mediaSize: row.mediaSize,
  };
}

export function selectedMessageData(row: SelectedMessage): RoomMessageData {
  const replyTo: ReplyTarget | null =
    row.parentId && row.parentSenderId && row.parentSentAt
      ? {
          id: row.parentId,
          content: row.parentContent,
          senderId: row.parentSenderId,
          mediaType: row.parentMediaType,
          mediaUrl: row.parentMediaUrl,
          sentAt: row.parentSentAt.toISOString(),
        }
      : null;
  const sender = { firstName: row.senderFirstName, lastName: row.senderLastName, avatarUrl: row.senderAvatarUrl };
  return roomMessageDataOf(row.message, sender, replyTo);
}

/** One message as the room shows it, or null when it is gone. */
export async function loadRoomMessageData(db: Db | Tx, messageId: string): Promise<RoomMessageData | null> {
  const [row] = await selectRoomMessages(db).where(eq(chatMessages.id, messageId)).limit(1);
  return row ? ((await withMentions(db, [selectedMessageData(row)]))[0] ?? null) : null;
}

/** The message's row (its room decides who may act on it); a missing one is refused with the action's own text. */
export async function messageOrRefuse(db: Db | Tx, messageId: string, refusal?: string): Promise<RoomMessageRow> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  if (!row) throw new AppError('ROOM_MESSAGE_NOT_FOUND', refusal);
  return row;
}

/**
 * The reactions and read receipts of these messages, one query each. Both are bounded per message: a room of
 * thousands must not turn a page of 50 messages into a page of 50,000 rows. Reactions stop at a member page per
 * message; receipts at the avatars shown (3, the earliest readers) with the total for "+n".
 */
export async function pageOf(db: Db | Tx, messages: RoomMessageData[]): Promise<RoomMessagePage> {
  const ids = messages.map((m) => m.id);
  if (ids.length === 0) return { messages, reactions: [], receipts: [], readCounts: [] };
  const [reactions, receipts, mentioned] = await Promise.all([
    reactionsOf(db, ids),
    receiptsOf(db, ids),
    withMentions(db, messages),
  ]);
  const readCounts = new Map<string, number>();
  for (const r of receipts) readCounts.set(r.messageId, r.total);
  return {
    messages: mentioned,
    reactions,
    receipts: receipts.map(({ total: _total, rank: _rank, readAt, ...r }) => ({ ...r, readAt: readAt.toISOString() })),
    readCounts: [...readCounts].map(([messageId, count]) => ({ messageId, count })),
  };
}

async function reactionsOf(db: Db | Tx, ids: string[]): Promise<ReactionData[]> {
  const ranked = db
    .select({
      messageId: messageStickers.messageId,
      userId: messageStickers.userId,
      emoji: messageStickers.emoji,
      createdAt: messageStickers.createdAt,
      rank: sql<number>`row_number() over (partition by ${messageStickers.messageId} order by ${messageStickers.createdAt}, ${messageStickers.userId})`
        .mapWith(Number)
        .as('rank'),
    })
    .from(messageStickers)
    .where(inArray(messageStickers.messageId, ids))
    .as('ranked');
  const rows = await db
    .select({ messageId: ranked.messageId, userId: ranked.userId, emoji: ranked.emoji })
    .from(ranked)
    .where(lte(ranked.rank, ROOM_LIMITS.memberPage))
    .orderBy(ranked.createdAt, ranked.userId);
  return rows.map((r) => ({ ...r, emoji: shownEmoji(r.emoji) }));
}

async function receiptsOf(db: Db | Tx, ids: string[]) {
  const r = chatMessageReadReceipts;
  const ranked = db
    .select({
      messageId: r.messageId,
      userId: r.userId,
      readAt: r.readAt,
      firstName: profiles.firstName,
      avatarUrl: profiles.avatarUrl,
      rank: sql<number>`row_number() over (partition by ${r.messageId} order by ${r.readAt}, ${r.userId})`
        .mapWith(Number)
        .as('rank'),
      total: sql<number>`count(*) over (partition by ${r.messageId})`.mapWith(Number).as('total'),
    })
    .from(r)
    .leftJoin(profiles, eq(profiles.id, r.userId))
    .where(inArray(r.messageId, ids))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(and(lte(ranked.rank, ROOM_LIMITS.receiptAvatars)))
    .orderBy(ranked.readAt, ranked.userId);
}
