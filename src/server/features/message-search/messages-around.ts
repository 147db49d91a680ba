import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MESSAGE_SEARCH_LIMITS } from '../../../domain/message-search';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema/conversations';
import { chatMessages } from '../../db/schema/rooms';
import { AppError } from '../../errors';
import { loadForParticipant } from '../conversations/conversation-access';
import { pageOf, selectedMessageData, selectRoomMessages, type RoomMessagePage } from '../rooms/room-message-data';
import { assertCanReadRoom } from '../rooms/room-access';

const AROUND = MESSAGE_SEARCH_LIMITS.around;

/**
 * Opening a message in place (from a search result): the message with the messages just before and after it,
 * oldest first, and whether more exist either way. Checked as the chat's own list is: the conversation's two
 * participants only. The message must be in that conversation, or nothing is said about it.
 */
export async function conversationMessagesAround(
  deps: { db: Db },
  actor: { id: string },
  input: { id: string; messageId: string },
) {
  const { db } = deps;
  await loadForParticipant(db, actor, input.id);
  const [target] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.conversationId, input.id)))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND');
  const key = sql`(${messages.createdAt}, ${messages.id})`;
  const at = sql`(${target.createdAt.toISOString()}::timestamptz, ${target.id}::uuid)`;
  const [before, from] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, input.id), sql`${key} < ${at}`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(AROUND + 1),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, input.id), sql`${key} >= ${at}`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(AROUND + 2),
  ]);
  return {
    messages: [...before.slice(0, AROUND).reverse(), ...from.slice(0, AROUND + 1)],
    hasEarlier: before.length > AROUND,
    hasLater: from.length > AROUND + 1,
  };
}

/** The messages after `after` (the newest one on screen), oldest first: scrolling down from an opened message. */
export async function conversationMessagesAfter(
  deps: { db: Db },
  actor: { id: string },
  input: { id: string; after: { createdAt: string; id: string } },
) {
  const { db } = deps;
  await loadForParticipant(db, actor, input.id);
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.id),
        sql`(${messages.createdAt}, ${messages.id}) > (${input.after.createdAt}::timestamptz, ${input.after.id}::uuid)`,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(AROUND * 2 + 1);
  return { messages: rows.slice(0, AROUND * 2), hasLater: rows.length > AROUND * 2 };
}

export type RoomPageAround = RoomMessagePage & { hasEarlier: boolean; hasLater: boolean };

/** The room's messages around one of them, as the room's list shows them (reactions and receipts included). */
export async function roomMessagesAround(
  deps: { db: Db },
  actor: { id: string },
  input: { roomId: string; messageId: string },
): Promise<RoomPageAround> {
  const { db } = deps;
  await assertCanReadRoom(db, input.roomId, actor.id);
  const [target] = await db
    .select({ sentAt: chatMessages.sentAt, id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.roomId, input.roomId)))
    .limit(1);
  if (!target) throw new AppError('ROOM_MESSAGE_NOT_FOUND');
  const key = sql`(${chatMessages.sentAt}, ${chatMessages.id})`;
  const at = sql`(${target.sentAt.toISOString()}::timestamptz, ${target.id}::uuid)`;
  const [before, from] = await Promise.all([
    selectRoomMessages(db)
      .where(and(eq(chatMessages.roomId, input.roomId), sql`${key} < ${at}`))
      .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
      .limit(AROUND + 1),
    selectRoomMessages(db)
      .where(and(eq(chatMessages.roomId, input.roomId), sql`${key} >= ${at}`))
      .orderBy(asc(chatMessages.sentAt), asc(chatMessages.id))
      .limit(AROUND + 2),
  ]);
  const rows = [...before.slice(0, AROUND).reverse(), ...from.slice(0, AROUND + 1)];
  const page = await pageOf(db, rows.map(selectedMessageData));
  return { ...page, hasEarlier: before.length > AROUND, hasLater: from.length > AROUND + 1 };
}

/** The room's messages after the newest one on screen, oldest first. */
export async function roomMessagesAfter(
  deps: { db: Db },
  actor: { id: string },
  input: { roomId: string; after: { sentAt: string; id: string } },
): Promise<RoomMessagePage & { hasLater: boolean }> {
  const { db } = deps;
  await assertCanReadRoom(db, input.roomId, actor.id);
  const rows = await selectRoomMessages(db)
    .where(
      and(
        eq(chatMessages.roomId, input.roomId),
        sql`(${chatMessages.sentAt}, ${chatMessages.id}) > (${input.after.sentAt}::timestamptz, ${input.after.id}::uuid)`,
      ),
    )
    .orderBy(asc(chatMessages.sentAt), asc(chatMessages.id))
    .limit(AROUND * 2 + 1);
  const page = await pageOf(db, rows.slice(0, AROUND * 2).map(selectedMessageData));
  return { ...page, hasLater: rows.length > AROUND * 2 };
}
