import { and, desc, eq, sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatMessages } from '../../db/schema/rooms';
import { assertCanReadRoom } from './room-access';
import { pageOf, selectedMessageData, selectRoomMessages, type RoomMessagePage } from './room-message-data';

/**
 * The room's newest page of messages, oldest first, with their reactions and receipts; with `before` (the oldest
 * message on screen), the page just before it, as a long room scrolls back.
 */
export async function listRoomMessages(
  deps: { db: Db },
  actor: { id: string },
  input: { roomId: string; before?: { sentAt: string; id: string } },
): Promise<RoomMessagePage> {
  const { db } = deps;
  const { roomId, before } = input;
  await assertCanReadRoom(db, roomId, actor.id);
  const newest = await selectRoomMessages(db)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        before
          ? sql`(${chatMessages.sentAt}, ${chatMessages.id}) < (${before.sentAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(ROOM_LIMITS.messagePage);
  return pageOf(db, newest.reverse().map(selectedMessageData));
}
