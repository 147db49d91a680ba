import { eq } from 'drizzle-orm';
import { ROOM_MESSAGE_MESSAGES, type MediaType } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatMessages } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import { assertCanPost } from './room-access';
import type { RoomMessageData } from './room-events';
import { messageOrRefuse, replyTargetOf, roomMessageDataOf, type SenderProfile } from './room-message-data';

export type RoomMedia = { type: MediaType; url: string; filename: string; size: number };

/** Giphy serves its GIFs from these hosts; a GIF picked in the GIF tab is shown from there, never re-uploaded. */
const GIPHY_HOST = /^(?:media[0-9]?|i)\.giphy\.com$/;
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
  let url: URL;
  try {
    url = new URL(media.url);
  } catch {
    throw new AppError('ROOM_MEDIA_UNSUPPORTED');
  }
  const giphy =
    media.type === 'gif' &&
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    GIPHY_HOST.test(url.hostname);
  if (!giphy) throw new AppError('ROOM_MEDIA_UNSUPPORTED');
}

/**
 * A member's message (words, media, or both; a reply when it names a parent of the same room). It is always of kind
 * 'text', whatever it says: notices come only from the server's own steps. The insert and its event are one
 * transaction, and its cost does not depend on the room's size: the live listeners fan it out.
 */
export async function sendRoomMessage(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  input: { roomId: string; content: string; parentMessageId?: string; media?: RoomMedia },
): Promise<RoomMessageData> {
  const { db } = deps;
  const { roomId, media } = input;
  const content = input.content.trim();
  if (!content && !media) throw new AppError('ROOM_MESSAGE_EMPTY');
  if (media) assertRoomMedia(deps.files, actor, media);
  const [, sender, parent] = await Promise.all([
    assertCanPost(db, roomId, actor.id),
    db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, actor.id))
      .limit(1)
      .then((rows): SenderProfile | null => rows[0] ?? null),
    input.parentMessageId ? messageOrRefuse(db, input.parentMessageId, ROOM_MESSAGE_MESSAGES.sendFailed) : null,
  ]);
  // A reply names a message of this room only: a thread never reaches into another (private) room.
  if (parent && parent.roomId !== roomId) {
    throw new AppError('ROOM_MESSAGE_NOT_FOUND', ROOM_MESSAGE_MESSAGES.sendFailed);
  }

  return inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        roomId,
        senderId: actor.id,
        kind: 'text',
        content: content || null,
        parentMessageId: parent?.id ?? null,
        mediaType: media?.type ?? null,
        mediaUrl: media?.url ?? null,
        mediaFilename: media?.filename ?? null,
        mediaSize: media?.size ?? null,
      })
      .returning();
    const message = roomMessageDataOf(row!, sender, parent ? replyTargetOf(parent) : null);
    emit({ type: 'room.message-posted', actorId: actor.id, roomId, messageId: message.id, message });
    return message;
  });
}
