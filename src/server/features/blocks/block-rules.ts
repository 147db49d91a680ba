import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { userBlocks } from '../../db/schema/blocks';

const b = userBlocks;

/**
 * True (in SQL) when either member has blocked the other: a block stops contact both ways, so every path that lets
 * one member reach another (a conversation, a message, an invitation, a mention, a search result) asks this one
 * question. `first` and `second` are SQL expressions of user ids (a column or a parameter).
 */
export function blockedBetweenSql(first: SQL, second: SQL): SQL {
  return sql`exists (select 1 from ${b} where (${b.blockerId} = ${first} and ${b.blockedId} = ${second})
    or (${b.blockerId} = ${second} and ${b.blockedId} = ${first}))`;
}

/** Whether either of the two members has blocked the other. */
export async function isBlockedBetween(db: Db | Tx, first: string, second: string): Promise<boolean> {
  const { rows } = await db.execute<{ blocked: boolean }>(
    sql`select ${blockedBetweenSql(sql`${first}`, sql`${second}`)} as blocked`,
  );
  return rows[0]?.blocked === true;
}

/**
 * The ids of the members `blocker` has blocked (one way), as a subquery: for what only the blocker's own screens
 * leave out (their room messages, folded), where the other way would tell the blocked member.
 */
export function blockedBySql(blocker: SQL): SQL {
  return sql`select ${b.blockedId} from ${b} where ${b.blockerId} = ${blocker}`;
}

/** Whether `blocker` has blocked `blocked` (one way: what the blocker's own screens may say). */
export async function hasBlocked(db: Db | Tx, blocker: string, blocked: string): Promise<boolean> {
  const { rows } = await db.execute<{ blocked: boolean }>(
    sql`select ${blocked} in (${blockedBySql(sql`${blocker}`)}) as blocked`,
  );
  return rows[0]?.blocked === true;
}
