import { xpForAction } from '../../../domain/progression/xp';
import { calendarDayIn } from '../../../domain/progression/streaks';
import type { Tx } from '../../db/database';
import { grantXp, xpGrantedOn, type LockedProgress } from './review-progress';

/**
 * The XP of one message sent (xp.ts: per message, capped per day), keyed by the message's id so it is granted once.
 * The day is the message's own, in the user's stored coarse zone (progress.zone, user_streaks.time_zone): a retry on
 * a later day judges the same day, and so the same cap. That zone changes only on a daily login, at most once per
 * 24 h and never within 20 h of an award (streaks.ts, decision 006), so moving it to reach another date's cap gains
 * at most one extra day's cap per change, and over time the cap stays 50 XP per date; a check-in that is refused
 * a change does not touch the zone at all. Called under the user's lock (the day's total cannot change between the
 * read and the grant).
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
