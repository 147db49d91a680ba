import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { isValidEmoji } from '../../../domain/emoji';
import type { Db } from '../../db/database';
import { chatMessages, messageStickers } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { AppError } from '../../errors';
import { roomAccess } from './room-access';

/** Stickers read per step: the check is in TypeScript (domain/emoji.ts), so the room's stickers are read in pages. */
export const STICKER_SCAN_PAGE = 500;

/**
 * Spec 3, section 5: "A cleanup pass deletes stickers with invalid emoji" ("Cleaned up {n} corrupted stickers.").
 * Only those with moderation rights in the room run it. Each removal is announced as that reaction's end, so the
 * "?" it showed disappears live.
 */
export async function cleanUpStickers(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { roomId: string },
): Promise<{ removed: number }> {
  const { db } = deps;
  const access = await roomAccess(db, input.roomId, actor.id);
  if (!access.moderates) throw new AppError('FORBIDDEN');
  let removed = 0;
  let after: string | null = null;
  for (;;) {
    const page: { id: string; messageId: string; userId: string; emoji: string }[] = await db
      .select({
        id: messageStickers.id,
        messageId: messageStickers.messageId,
        userId: messageStickers.userId,
        emoji: messageStickers.emoji,
      })
      .from(messageStickers)
      .innerJoin(chatMessages, eq(chatMessages.id, messageStickers.messageId))
      .where(and(eq(chatMessages.roomId, input.roomId), after ? gt(messageStickers.id, after) : undefined))
      .orderBy(asc(messageStickers.id))
      .limit(STICKER_SCAN_PAGE);
    const corrupt = page.filter((s) => !isValidEmoji(s.emoji));
    if (corrupt.length > 0) {
      removed += await inTransaction(deps, async (tx, emit) => {
        const gone = await tx
          .delete(messageStickers)
          .where(
            and(
              inArray(
                messageStickers.id,
                corrupt.map((s) => s.id),
              ),
              // A sticker replaced by a valid emoji since it was read is no longer corrupt: it stays.
              inArray(
                messageStickers.emoji,
                corrupt.map((s) => s.emoji),
              ),
            ),
          )
          .returning({ messageId: messageStickers.messageId, userId: messageStickers.userId });
        for (const s of gone) {
          emit({
            type: 'room.reaction-changed',
            actorId: actor.id,
            userId: s.userId,
            roomId: input.roomId,
            messageId: s.messageId,
            emoji: null,
          });
        }
        return gone.length;
      });
    }
    if (page.length < STICKER_SCAN_PAGE) break;
    after = page.at(-1)!.id;
  }
  return { removed };
}
