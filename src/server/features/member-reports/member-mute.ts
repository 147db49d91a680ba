import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { mutedMessage } from '../../../domain/member-reports';
import type { Db, Tx } from '../../db/database';
import { memberMutes } from '../../db/schema/member-reports';
import { AppError } from '../../errors';

/**
 * The platform-wide mute as an SQL condition, for the send statements that do their whole check in one query: true
 * while a moderator's mute of this user has not ended. When a send finds no row, it asks assertNotMuted why.
 */
export const platformMutedSql = (userId: SQL) =>
  sql`exists (select 1 from ${memberMutes} mm where mm.user_id = ${userId} and mm.until > now())`;

/** The end of the member's mute, or null when none holds now. */
export async function currentMute(db: Db | Tx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: memberMutes.until })
    .from(memberMutes)
    .where(and(eq(memberMutes.userId, userId), gt(memberMutes.until, sql`now()`)));
  return row ? new Date(row.until) : null;
}

/** Refuses a muted member's message, naming until when. */
export async function assertNotMuted(db: Db | Tx, userId: string): Promise<void> {
  const until = await currentMute(db, userId);
  if (until) throw new AppError('MEMBER_MUTED', mutedMessage(until));
}
