import { boundedName } from '../../../domain/notifications';
import { defineHandler } from '../../events/handlers';
import { publicNameOf } from './facts';
import { notify } from './notify';

/** Added to a room by someone else: the item opens the room and goes if they leave it. */
export const onRoomMemberAdded = defineHandler({
  name: 'notifications.room-member-added',
  on: 'room.member-added',
  async handle(ctx, event) {
    if (event.userId === event.actorId) return;
    await notify(ctx, {
      recipientId: event.userId,
      kind: 'room_invitation',
      roomId: event.roomId,
      subjectKey: event.roomId,
      payload: {
        path: `/chat-rooms/${event.roomId}`,
        actorName: await publicNameOf(ctx.tx, event.actorId),
        subject: boundedName(event.room.name),
        roomId: event.roomId,
      },
    });
  },
});
