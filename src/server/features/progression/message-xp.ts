import { xpForAction } from '../../../domain/progression/xp';
import { calendarDayIn } from '../../../domain/progression/streaks';
import type { Tx } from '../../db/database';
import { grantXp, xpGrantedOn, type LockedProgress } from './review-progress';

/**
 * The XP of one message sent (xp.ts: per message, capped per day), keyed by the message's id so it is granted once.
 * The day is the message's own, in the user's zone: a retry on a later day judges the same day, and so the same cap.
 * Called under the user's lock (the day's total cannot change between the read and the grant).
 */
export async function grantMessageXp(
  tx: Tx,
  progress: LockedProgress,
  message: { id: string; sentAt: string },
): Promise<void> {
  const sentAt = new Date(message.sentAt);
  const day = calendarDayIn(Number.isNaN(sentAt.getTime()) ? new Date() : sentAt, progress.zone);
  const earnedToday = await xpGrantedOn(tx, progress.userId, 'message', day);
  const amount = xpForAction('message_sent', earnedToday);
  if (amount > 0) await grantXp(tx, progress, { source: 'message', key: message.id, amount, day });
}
