import { eq } from 'drizzle-orm';
import { ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { chatMessages } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { roomAccess } from './room-access';
import { messageOrRefuse } from './room-message-data';

/**
 * Deletes a message: its author while they may still read the room, or a holder of moderation rights there (the
 * creator; a private room's admins and moderators: spec 3, section 4). A notice is nobody's own, so only moderators
 * remove one. Replies stay, without their parent (the schema sets it to null).
 */
export async function deleteRoomMessage(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { messageId: string },
): Promise<{ messageId: string }> {
  const { db } = deps;
  const message = await messageOrRefuse(db, input.messageId, ROOM_MESSAGE_MESSAGES.deleteFailed);
  const access = await roomAccess(db, message.roomId, actor.id);
  const isAuthor = message.kind === 'text' && message.senderId === actor.id;
  if (!access.moderates && !(isAuthor && access.canRead)) throw new AppError('ROOM_DELETE_REFUSED');
  return inTransaction(deps, async (tx, emit) => {
    const [deleted] = await tx
      .delete(chatMessages)
      .where(eq(chatMessages.id, message.id))
      .returning({ id: chatMessages.id });
    // Already gone (deleted twice at once): the first delete announced it.
    if (deleted)
      emit({ type: 'room.message-deleted', actorId: actor.id, roomId: message.roomId, messageId: message.id });
    return { messageId: message.id };
  });
}
