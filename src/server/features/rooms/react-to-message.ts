import { and, eq } from 'drizzle-orm';
import { isValidEmoji } from '../../../domain/emoji';
import { reactionOutcome } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { messageStickers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { assertCanPost } from './room-access';
import { assertNotMuted } from '../member-reports/member-mute';
import { messageOrRefuse } from './room-message-data';

/**
 * A reaction (spec 3, section 4): one per user per message, so picking another emoji replaces yours and picking
 * yours again removes it. Reacting is posting: a private room's outsiders, the muted and the banned are refused.
 * Returns the caller's reaction as it is now (null once removed).
 */
export async function reactToMessage(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { messageId: string; emoji: string },
): Promise<{ messageId: string; emoji: string | null }> {
  // The schema checked it already; an invalid emoji must never be stored, whoever calls this.
  if (!isValidEmoji(input.emoji)) throw new AppError('BAD_INPUT', 'Invalid emoji');
  const { db } = deps;
  const message = await messageOrRefuse(db, input.messageId);
  await assertCanPost(db, message.roomId, actor.id);
  await assertNotMuted(db, actor.id);
  return inTransaction(deps, async (tx, emit) => {
    const mine = and(eq(messageStickers.messageId, message.id), eq(messageStickers.userId, actor.id));
    const [current] = await tx.select({ emoji: messageStickers.emoji }).from(messageStickers).where(mine).for('update');
    const outcome = reactionOutcome(current?.emoji ?? null, input.emoji);
    let emoji: string | null;
    if ('remove' in outcome) {
      await tx.delete(messageStickers).where(mine);
      emoji = null;
    } else {
      await tx
        .insert(messageStickers)
        .values({ messageId: message.id, userId: actor.id, emoji: outcome.set })
        .onConflictDoUpdate({
          target: [messageStickers.messageId, messageStickers.userId],
          set: { emoji: outcome.set },
        });
      emoji = outcome.set;
    }
    emit({
      type: 'room.reaction-changed',
      actorId: actor.id,
      userId: actor.id,
      roomId: message.roomId,
      messageId: message.id,
      emoji,
    });
    return { messageId: message.id, emoji };
  });
}
