import { and, eq, sql } from 'drizzle-orm';
import { ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatMessages } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { assertNotMuted } from '../member-reports/member-mute';
import { assertCanPost } from './room-access';
import type { RoomMessageData } from '../../contracts/room-events';
import { loadRoomMessageData, messageOrRefuse } from './room-message-data';

/**
 * The author rewrites their own words (spec 3, section 5: only the author edits; a notice is nobody's to edit). An
 * edit is posting again, so a muted, banned or no-longer-member author is refused as a new message would be. Empty
 * words are refused unless the message has media; unchanged words change nothing and announce nothing.
 */
export async function editRoomMessage(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { messageId: string; content: string },
): Promise<RoomMessageData> {
  const { db } = deps;
  const current = await messageOrRefuse(db, input.messageId, ROOM_MESSAGE_MESSAGES.editFailed);
  if (current.kind !== 'text' || current.senderId !== actor.id) throw new AppError('ROOM_EDIT_NOT_AUTHOR');
  await assertCanPost(db, current.roomId, actor.id);
  // Rewriting old words is writing: a member muted platform-wide may not.
  await assertNotMuted(db, actor.id);
  const content = input.content.trim();
  if (!content && !current.mediaUrl) throw new AppError('ROOM_MESSAGE_EMPTY');
  if (content === (current.content ?? '')) {
    const unchanged = await loadRoomMessageData(db, current.id);
    if (!unchanged) throw new AppError('ROOM_MESSAGE_NOT_FOUND', ROOM_MESSAGE_MESSAGES.editFailed);
    return unchanged;
  }
  return inTransaction(deps, async (tx, emit) => {
    const [edited] = await tx
      .update(chatMessages)
      .set({ content: content || null, editedAt: sql`now()` })
      .where(and(eq(chatMessages.id, current.id), eq(chatMessages.senderId, actor.id), eq(chatMessages.kind, 'text')))
      .returning({ id: chatMessages.id });
    if (!edited) throw new AppError('ROOM_MESSAGE_NOT_FOUND', ROOM_MESSAGE_MESSAGES.editFailed);
    const message = (await loadRoomMessageData(tx, edited.id))!;
    emit({ type: 'room.message-edited', actorId: actor.id, roomId: current.roomId, messageId: message.id, message });
    return message;
  });
}
