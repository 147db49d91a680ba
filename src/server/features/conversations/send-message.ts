import { sql } from 'drizzle-orm';
import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import type { Db } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import { AppError } from '../../errors';
import type { EventBus } from '../../realtime/event-bus';
import { announce, type MessageRow } from './post-message';

/**
 * A plain message from one participant (text already trimmed and non-empty: messageTextSchema). It is always of kind
 * 'text', whatever it says: notices come only from the server's own steps (insertMessage). The access check,
 * the insert and the conversation's last message are one statement: sending is the hottest path of the product, and
 * each round trip to the database costs more than the work (bench/README.md, messaging).
 */
export async function sendMessage(
  { db, bus }: { db: Db; bus: EventBus },
  actor: { id: string },
  conversationId: string,
  text: string,
) {
  const { rows } = await db.execute<{
    id: string;
    sender_id: string;
    text: string;
    is_read: boolean;
    created_at: string;
    participant1_id: string;
    participant2_id: string;
  }>(sql`
    with c as (
      select ${conversations.id} as id, ${conversations.participant1Id} as p1, ${conversations.participant2Id} as p2
      from ${conversations}
      where ${conversations.id} = ${conversationId}
        and ${actor.id} in (${conversations.participant1Id}, ${conversations.participant2Id})
    ), m as (
      insert into ${messages} (conversation_id, sender_id, kind, text)
      select id, ${actor.id}, 'text', ${text} from c
      returning id, sender_id, text, is_read, created_at
    ), u as (
      update ${conversations} set last_message = ${text}, updated_at = (select created_at from m)
      where ${conversations.id} = (select id from c)
    )
    select m.*, c.p1 as participant1_id, c.p2 as participant2_id from m, c`);
  const row = rows[0];
  if (!row) throw new AppError('FORBIDDEN', CONVERSATION_MESSAGES.noAccess);
  const message: MessageRow = {
    id: row.id,
    conversationId,
    senderId: row.sender_id,
    kind: 'text',
    text: row.text,
    payload: null,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
  };
  announce(bus, { id: conversationId, participant1Id: row.participant1_id, participant2Id: row.participant2_id }, [
    { type: 'message', message },
  ]);
  return message;
}
