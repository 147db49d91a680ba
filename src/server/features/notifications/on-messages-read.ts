import { defineHandler } from '../../events/handlers';
import { readMessageItem } from './notify';

/** Reading a conversation reads its message item. */
export const onMessagesRead = defineHandler({
  name: 'notifications.messages-read',
  on: 'messages.read',
  async handle(ctx, event) {
    if (event.actorId) await readMessageItem(ctx, event.actorId, event.conversationId);
  },
});
