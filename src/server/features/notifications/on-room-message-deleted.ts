import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { defineHandler } from '../../events/handlers';
import { removeNotifications } from './notify';

/** A deleted room message's items (mentions) go with it. */
export const onRoomMessageDeleted = defineHandler({
  name: 'notifications.room-message-deleted',
  on: 'room.message-deleted',
  async handle(ctx, event) {
    await removeNotifications(
      ctx,
      and(eq(notifications.roomId, event.roomId), eq(notifications.subjectKey, event.messageId))!,
    );
  },
});
