import type { Db } from '../../db/database';
import type { EventBus } from '../../realtime/event-bus';
import { loadForParticipant } from './conversation-access';
import { announce, insertMessage } from './post-message';

/** A plain message from one participant; the text is already trimmed and non-empty (messageTextSchema). */
export async function sendMessage(
  { db, bus }: { db: Db; bus: EventBus },
  actor: { id: string },
  conversationId: string,
  text: string,
) {
  const { conversation } = await loadForParticipant(db, actor, conversationId);
  const message = await db.transaction((tx) => insertMessage(tx, conversation.id, actor.id, text));
  announce(bus, conversation, [{ type: 'message', message }]);
  return message;
}
