import { sql } from 'drizzle-orm';
import { ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatMessageReadReceipts, chatMessages } from '../../db/schema/rooms';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { assertCanReadRoom } from './room-access';

/**
 * How far back one call marks: a few pages. Older messages are not on anyone's screen, and a reader back after
 * months must not write (or announce) thousands of receipts.
 */
export const MARK_READ_LIMIT = ROOM_LIMITS.messagePage * 4;

/**
 * The caller has read the room (up to `upTo`, a message of the room, when given): receipts for the others' messages
 * they had not read yet, in ONE statement, and one `room.messages-read` naming them. The screen calls this once per
 * burst (1 s after the list changes), so a reader costs one write per burst however many messages arrived.
 * Nothing new read, nothing written and no event.
 */
export async function markRoomRead(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { roomId: string; upTo?: string },
): Promise<{ messageIds: string[]; readAt: string }> {
  const { roomId, upTo } = input;
  await assertCanReadRoom(deps.db, roomId, actor.id);
  const readAt = new Date().toISOString();
  const m = chatMessages;
  const r = chatMessageReadReceipts;
  // Only the newest messages are looked at (an index range of the room), then filtered: bounded work, whatever the
  // room's length and however much of it was read before.
  const until = upTo
    ? sql`and (${m.sentAt}, ${m.id}) <= (select u.sent_at, u.id from ${m} u where u.id = ${upTo}::uuid and u.room_id = ${roomId}::uuid)`
    : sql``;
  return inTransaction(deps, async (tx, emit) => {
    const { rows } = await tx.execute<{ message_id: string; first_name: string | null; avatar_url: string | null }>(sql`
      with inserted as (
      insert into ${r} (message_id, user_id, read_at)
      select newest.id, ${actor.id}::text, ${readAt}::timestamptz
      from (
        select ${m.id} as id, ${m.senderId} as sender_id, ${m.kind} as kind from ${m}
        where ${m.roomId} = ${roomId}::uuid ${until}
        order by ${m.sentAt} desc, ${m.id} desc
        limit ${MARK_READ_LIMIT}
      ) newest
      where newest.sender_id <> ${actor.id}::text and newest.kind = 'text'
        and not exists (select 1 from ${r} seen where seen.message_id = newest.id and seen.user_id = ${actor.id}::text)
      on conflict do nothing
      returning message_id
      )
      -- The reader's public name and picture, for the receipts row, in the same statement.
      select inserted.message_id, p.first_name, p.avatar_url
      from inserted left join ${profiles} p on p.id = ${actor.id}::text`);
    const messageIds = rows.map((row) => row.message_id);
    const first = rows[0];
    if (first) {
      const reader = { firstName: first.first_name, avatarUrl: first.avatar_url };
      emit({ type: 'room.messages-read', actorId: actor.id, roomId, messageIds, readAt, reader });
    }
    return { messageIds, readAt };
  });
}
