import { and, eq } from 'drizzle-orm';
import { ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { messageStickers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertCanPost } from './room-access';
import { messageOrRefuse } from './room-message-data';

/** Takes back the caller's reaction on a message, whatever it is; none there, nothing changes and nothing is announced. */
export async function removeReaction(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { messageId: string },
): Promise<{ removed: boolean }> {
  const { db } = deps;
  const message = await messageOrRefuse(db, input.messageId, ROOM_MESSAGE_MESSAGES.removeReactionFailed);
  await assertCanPost(db, message.roomId, actor.id);
  return inTransaction(deps, async (tx, emit) => {
    const removed = await tx
      .delete(messageStickers)
      .where(and(eq(messageStickers.messageId, message.id), eq(messageStickers.userId, actor.id)))
      .returning({ id: messageStickers.id });
    if (removed.length > 0) {
      emit({
        type: 'room.reaction-changed',
        actorId: actor.id,
        userId: actor.id,
        roomId: message.roomId,
        messageId: message.id,
        emoji: null,
      });
    }
    return { removed: removed.length > 0 };
  });
}
