import { sql } from 'drizzle-orm';
import { channelsFor, quietUntil } from '../../../domain/notification-preferences';
import { notificationText } from '../../../domain/notifications';
import { activityDigests } from '../../db/schema/activity-digests';
import { defineHandler } from '../../events/handlers';
import { queuePush } from '../../push/queue-push';
import { loadNotificationSettings } from '../notification-settings/load-notification-settings';

/**
 * What a new item sends beyond the bell, by the member's choices: a push now (not in quiet hours), and its place in
 * the next missed-activity email (the digest sweep decides when, and lists only what is still unread then). Items
 * made read (reading a conversation) send nothing.
 */
export const onNotificationChanged = defineHandler({
  name: 'notification-delivery.notification-changed',
  on: 'notification.changed',
  async handle(ctx, event) {
    if (!event.isNew && event.item.readAt !== null) return;
    // The stored event's item has no payload (the outbox keeps no names): the row has it. No row: the member (or
    // the item) is gone since, and nothing is sent.
    const { rows } = await ctx.tx.execute<{ payload: typeof event.item.payload; count: number; devices: number }>(sql`
      select n.payload, n.count, (select count(*) from push_subscriptions p where p.user_id = n.recipient_id)::int as devices
      from notifications n where n.id = ${event.item.id}`);
    const row = rows[0];
    if (!row) return;
    const { settings, isMinor } = await loadNotificationSettings(ctx.tx, event.recipientId);
    const channels = channelsFor(settings, event.kind, isMinor);
    if (channels.push && row.devices > 0 && !quietUntil(settings, new Date())) {
      await queuePush(ctx.tx, event.recipientId, {
        title: 'SkillNest',
        body: notificationText({ kind: event.kind, payload: row.payload, count: row.count }),
        url: row.payload.path,
        // One system notification per item: a conversation's next message replaces its last.
        tag: event.item.id,
      });
    }
    if (channels.email) {
      await ctx.tx
        .insert(activityDigests)
        .values({ userId: event.recipientId, pendingSince: sql`now()` })
        .onConflictDoUpdate({
          target: activityDigests.userId,
          set: { pendingSince: sql`coalesce(${activityDigests.pendingSince}, now())` },
        });
    }
  },
});
