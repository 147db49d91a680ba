import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messageOriginals, messages } from '../../db/schema/conversations';
import type { EventOf } from '../../contracts/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { recordEventSql } from '../../events/record-events';
import { preparedStatement } from '../../db/prepared-statement';
import { AppError } from '../../errors';
import { blockedBetweenSql } from '../blocks/block-rules';
import { refuseIfBlocked } from '../blocks/contact-refusal';
import { loadForParticipant } from './conversation-access';
import { messageDataOf } from './conversation-event-data';
import { assertNotMuted, platformMutedSql } from '../member-reports/member-mute';
import type { MessageRow } from './post-message';
import { screenDetails } from './screen-details';

/** An instant as `Date.toISOString()` writes it, in SQL: what MessageData carries. */
const isoInstant = (column: string) =>
  sql`to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type SendRow = {
  id: string;
  sender_id: string;
  text: string;
  is_read: boolean;
  created_at: string;
  created_at_iso: string;
  details_hidden: boolean;
  client_id: string;
  provider_id: string;
};

const conversationId = sql`${sql.placeholder('conversationId')}::uuid`;
const senderId = sql`${sql.placeholder('senderId')}::text`;
const text = sql`${sql.placeholder('text')}::text`;
const originalText = sql`${sql.placeholder('originalText')}::text`;
type SendParams = { conversationId: string; senderId: string; text: string; originalText: string | null };

/**
 * The access check, the insert, the conversation's last message and the `message.sent` event, as one prepared
 * statement: sending is the hottest path of the product, and each round trip to the database, and each parse and
 * plan of this statement, costs more than the work (bench/README.md, messaging). No participant row, no message and
 * no event.
 */
const send = preparedStatement<SendRow, SendParams>(
  'conversations.send',
  sql`
    with c as (
      select ${conversations.id} as id, ${conversations.participant1Id} as p1, ${conversations.participant2Id} as p2
      from ${conversations}
      where ${conversations.id} = ${conversationId}
        and ${senderId} in (${conversations.participant1Id}, ${conversations.participant2Id})
        and not ${platformMutedSql(senderId)}
        and not ${blockedBetweenSql(sql`${conversations.participant1Id}`, sql`${conversations.participant2Id}`)}
    ), m as (
      insert into ${messages} (conversation_id, sender_id, kind, text, details_hidden)
      select id, ${senderId}, 'text', ${text}, ${originalText} is not null from c
      returning id, conversation_id, sender_id, kind, text, is_read, created_at, details_hidden
    ), o as (
      insert into ${messageOriginals} (message_id, text)
      select m.id, ${originalText} from m where ${originalText} is not null
    ), u as (
      update ${conversations} set last_message = ${text}, updated_at = (select created_at from m)
      where ${conversations.id} = (select id from c)
    ), ${recordEventSql(
      'message.sent',
      {
        actorId: senderId,
        conversationId: sql`c.id`,
        participants: { clientId: sql`c.p1`, providerId: sql`c.p2` },
        messageId: sql`m.id`,
        // As MessageData (messageDataOf), built here because the message exists only inside this statement; its
        // words are not copied into the outbox (recordEvents says why).
        message: sql`jsonb_build_object('id', m.id, 'conversationId', m.conversation_id, 'senderId', m.sender_id,
          'kind', m.kind, 'text', null, 'payload', null, 'isRead', m.is_read, 'detailsHidden', m.details_hidden,
          'createdAt', ${isoInstant('m.created_at')})`,
        state: null,
      },
      { from: sql`m, c` },
    )}
    select m.id, m.sender_id, m.text, m.is_read, m.created_at, ${isoInstant('m.created_at')} as created_at_iso,
      m.details_hidden, c.p1 as client_id, c.p2 as provider_id
    from m, c`,
);

/**
 * A plain message from one participant (text already trimmed and non-empty: messageTextSchema). It is always of kind
 * 'text', whatever it says: notices come only from the server's own steps (insertMessage).
 */
export async function sendMessage(
  { db, events }: { db: Db; events: DomainEvents },
  actor: { id: string },
  input: { id: string; text: string; confirmDetails?: boolean },
) {
  const { id: conversationId } = input;
  const screened = await screenDetails(db, actor, { conversationId, ...input });
  const [row] = await send(db, { conversationId, senderId: actor.id, ...screened });
  if (!row) {
    // Why there was no row, asked only on a refusal: not a party, muted, or a block (the blocker is told why, the
    // blocked member is not).
    const { conversation } = await loadForParticipant(db, actor, conversationId);
    await assertNotMuted(db, actor.id);
    const otherId =
      conversation.participant1Id === actor.id ? conversation.participant2Id : conversation.participant1Id;
    await refuseIfBlocked(db, actor.id, otherId, 'BLOCKED_CONVERSATION');
    throw new AppError('NOT_A_PARTICIPANT');
  }
  const message: MessageRow = {
    id: row.id,
    conversationId,
    senderId: row.sender_id,
    kind: 'text',
    text: row.text,
    payload: null,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
    detailsHidden: row.details_hidden,
  };
  // The event as recorded (the same fields the statement wrote), for the live listeners.
  const event: EventOf<'message.sent'> = {
    type: 'message.sent',
    actorId: actor.id,
    conversationId,
    participants: { clientId: row.client_id, providerId: row.provider_id },
    messageId: row.id,
    message: { ...messageDataOf(message), createdAt: row.created_at_iso },
    state: null,
  };
  events.committed([event]);
  return message;
}
