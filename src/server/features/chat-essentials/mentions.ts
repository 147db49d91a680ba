import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MentionData } from '../../../domain/chat-essentials';
import type { Db, Tx } from '../../db/database';
import { chatMessageMentions } from '../../db/schema/chat-essentials';
import { profiles } from '../../db/schema/profiles';
import { chatRoomMembers } from '../../db/schema/rooms';

const mm = chatMessageMentions;

/**
 * The mentions of a message being inserted (the CTE `message` names it: id, room_id, sender_id), as a CTE named
 * `mentioned`: of the ids the sender picked, only the room's members other than the sender; anyone else is dropped
 * silently. A member blocked either way is kept here (the whole room sees the message as written: dropping them would
 * tell the sender they were blocked) and is never notified (on-member-mentioned.ts asks the block rule).
 */
export function insertMentionsSql(message: SQL, ids: SQL): SQL {
  return sql`mentioned as (
      insert into ${mm} (message_id, user_id)
      select msg.id, cm.user_id from ${message} msg
      join ${chatRoomMembers} cm on cm.room_id = msg.room_id
      where cm.user_id in (select jsonb_array_elements_text(${ids}))
        and cm.user_id <> msg.sender_id
      on conflict do nothing
      returning user_id
    ), mentioned_names as (
      select mentioned.user_id, mp.first_name, mp.last_name from mentioned
      left join ${profiles} mp on mp.id = mentioned.user_id
    )`;
}

/** The `mentioned` CTE's members as a message's `mentions` (MentionData[]), in SQL. */
export const mentionsJsonSql = sql`coalesce((select jsonb_agg(jsonb_build_object('userId', mn.user_id,
  'firstName', mn.first_name, 'lastName', mn.last_name) order by mn.user_id) from mentioned_names mn), '[]'::jsonb)`;

/** The mentions of these messages, by message id. */
export async function mentionsOf(db: Db | Tx, messageIds: string[]): Promise<Map<string, MentionData[]>> {
  const byMessage = new Map<string, MentionData[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: mm.messageId, userId: mm.userId, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(mm)
    .leftJoin(profiles, eq(profiles.id, mm.userId))
    .where(inArray(mm.messageId, messageIds))
    .orderBy(asc(mm.userId));
  for (const { messageId, ...mention } of rows)
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), mention]);
  return byMessage;
}

/** These messages with their mentions. */
export async function withMentions<T extends { id: string }>(
  db: Db | Tx,
  messages: T[],
): Promise<(T & { mentions: MentionData[] })[]> {
  const byMessage = await mentionsOf(
    db,
    messages.map((m) => m.id),
  );
  return messages.map((m) => ({ ...m, mentions: byMessage.get(m.id) ?? [] }));
}
