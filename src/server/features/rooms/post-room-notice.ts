import { eq, sql } from 'drizzle-orm';
import { toStoredRoomNotice, type RoomNotice } from '../../../domain/room-notices';
import type { Tx } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatMessages } from '../../db/schema/rooms';
import type { AppEvent } from '../../contracts/app-events';
import type { RoomMessageData } from '../../contracts/room-events';

/**
 * Posts a membership or settings notice in the caller's transaction: a row of the notice's kind with its typed
 * payload and no words (members' text only ever comes from send-room-message.ts, so no text can pass for a notice).
 * Returns the message as the room shows it, for the caller's `room.message-posted` event.
 */
export async function postRoomNotice(
  tx: Tx,
  { roomId, senderId, notice }: { roomId: string; senderId: string; notice: RoomNotice },
): Promise<RoomMessageData> {
  const { kind, payload } = toStoredRoomNotice(notice);
  const [row] = await tx
    .insert(chatMessages)
    // The statement's clock, not the transaction's: two notices of one change (renamed, then made private) are
    // stored in the order they were posted, not at one shared instant.
    .values({ roomId, senderId, kind, content: null, payload, sentAt: sql`clock_timestamp()` })
    .returning();
  const [sender] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, senderId))
    .limit(1);
  const message = row!;
  return {
    id: message.id,
    roomId,
    senderId,
    senderFirstName: sender?.firstName ?? null,
    senderLastName: sender?.lastName ?? null,
    senderAvatarUrl: sender?.avatarUrl ?? null,
    kind,
    content: null,
    notice,
    parentMessageId: null,
    replyTo: null,
    sentAt: message.sentAt.toISOString(),
    editedAt: null,
    mediaType: null,
    mediaUrl: null,
    mediaFilename: null,
    mediaSize: null,
  };
}

/** The event that carries a posted notice to the room's live channel (published by publish-live-messages.ts). */
export function noticePosted(actorId: string, message: RoomMessageData): AppEvent {
  return { type: 'room.message-posted', actorId, roomId: message.roomId, messageId: message.id, message };
}
