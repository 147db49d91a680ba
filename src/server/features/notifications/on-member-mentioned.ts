import { sql } from 'drizzle-orm';
import { boundedName } from '../../../domain/notifications';
import { chatRoomMembers, chatRooms } from '../../db/schema/rooms';
import { defineHandler } from '../../events/handlers';
import { blockedBetweenSql } from '../blocks/block-rules';
import { publicNameOf } from './facts';
import { notify } from './notify';

/**
 * Mentioned in a room: an item that opens the room, for each mentioned member who is still in it and not blocked
 * either way with the sender now (a block or a leave between the send and this handler also silences it). A muted
 * room writes nothing (notify.ts).
 */
export const onMemberMentioned = defineHandler({
  name: 'notifications.member-mentioned',
  on: 'room.member-mentioned',
  async handle(ctx, event) {
    const { rows } = await ctx.tx.execute<{ user_id: string; room_name: string }>(sql`
      select cm.user_id, room.name as room_name from ${chatRoomMembers} cm
      join ${chatRooms} room on room.id = cm.room_id
      where cm.room_id = ${event.roomId} and cm.user_id in (select jsonb_array_elements_text(${JSON.stringify(event.userIds)}::jsonb))
        and cm.user_id <> ${event.actorId}
        and not ${blockedBetweenSql(sql`cm.user_id`, sql`${event.actorId}`)}`);
    if (rows.length === 0) return;
    const actorName = await publicNameOf(ctx.tx, event.actorId);
    for (const row of rows) {
      await notify(ctx, {
        recipientId: row.user_id,
        kind: 'mention',
        roomId: event.roomId,
        payload: {
          path: `/chat-rooms/${event.roomId}`,
          actorName,
          subject: boundedName(row.room_name),
          roomId: event.roomId,
          messageId: event.messageId,
        },
      });
    }
  },
});
