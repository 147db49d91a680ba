import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { defineHandler } from '../../events/handlers';
import { removeNotifications } from './notify';

/** Out of a room (left, removed, kicked or banned), a member's items about it go: they may no longer read it. */
export const onRoomMemberLeft = defineHandler({
  name: 'notifications.room-member-left',
  on: 'room.member-left',
  async handle(ctx, event) {
    await removeNotifications(
      ctx,
      and(eq(notifications.roomId, event.roomId), eq(notifications.recipientId, event.userId))!,
    );
  },
});
