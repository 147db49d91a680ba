import { defineHandler } from '../../events/handlers';
import { conversationSubject, publicNameOf } from './facts';
import { notifyMessage } from './notify';

/** A message: one unread item per conversation for the other party, its count and time moved (never the words). */
export const onMessageSent = defineHandler({
  name: 'notifications.message-sent',
  on: 'message.sent',
  async handle(ctx, event) {
    const { clientId, providerId } = event.participants;
    const recipientId = event.actorId === clientId ? providerId : event.actorId === providerId ? clientId : null;
    if (!recipientId || recipientId === event.actorId) return;
    await notifyMessage(ctx, {
      recipientId,
      conversationId: event.conversationId,
      messageId: event.messageId,
      payload: {
        path: `/chat/${event.conversationId}`,
        actorName: await publicNameOf(ctx.tx, event.actorId),
        subject: await conversationSubject(ctx.tx, event.conversationId),
      },
    });
  },
});
