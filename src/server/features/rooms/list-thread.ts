import { and, desc, eq } from 'drizzle-orm';
import { ROOM_LIMITS, ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatMessages } from '../../db/schema/rooms';
import { AppError } from '../../errors';
import type { RoomMessageData } from '../../contracts/room-events';
import { assertCanReadRoom } from './room-access';
import {
  loadRoomMessageData,
  pageOf,
  selectedMessageData,
  selectRoomMessages,
  type RoomMessagePage,
} from './room-message-data';

/** Replies a thread dialog shows: a few pages' worth, the newest of them if a thread grows longer. */
export const THREAD_LIMIT = ROOM_LIMITS.messagePage * 4;

/**
 * A thread: its parent and its replies, oldest first, with the replies' reactions and receipts (the parent's are on
 * the room's page already). The parent must be a message of this room: a thread never reaches across rooms.
 */
export async function listThread(
  deps: { db: Db },
  actor: { id: string },
  input: { roomId: string; parentId: string },
): Promise<RoomMessagePage & { parent: RoomMessageData }> {
  const { db } = deps;
  await assertCanReadRoom(db, input.roomId, actor.id);
  const parent = await loadRoomMessageData(db, input.parentId);
  if (!parent || parent.roomId !== input.roomId)
    throw new AppError('ROOM_MESSAGE_NOT_FOUND', ROOM_MESSAGE_MESSAGES.loadFailed);
  const replies = await selectRoomMessages(db)
    .where(and(eq(chatMessages.roomId, input.roomId), eq(chatMessages.parentMessageId, input.parentId)))
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(THREAD_LIMIT);
  return { parent, ...(await pageOf(db, replies.reverse().map(selectedMessageData))) };
}
