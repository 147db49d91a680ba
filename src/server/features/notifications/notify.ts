import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_LIMITS, type NotificationKind, type NotificationPayload } from '../../../domain/notifications';
import type { Tx } from '../../db/database';
import { notifications } from '../../db/schema/notifications';
import type { HandlerContext } from '../../events/handlers';
import { itemOf, unreadCountOf } from './notification-item';
import { channelsFor } from '../../../domain/notification-preferences';
import { loadNotificationSettings } from '../notification-settings/load-notification-settings';
import { isMuted } from '../chat-essentials/mutes';

export type NewNotification = {
  recipientId: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  subjectKey?: string | null;
  roomId?: string | null;
};

/**
 * Keeps a member's newest NOTIFICATION_LIMITS.keptPerMember items: the oldest read ones go first, unread ones only
 * when that many newer items exist. Run by each write, so a member's rows stay bounded whatever happens to them.
 */
async function prune(tx: Tx, recipientId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${notifications} where id in (
      select id from ${notifications} where recipient_id = ${recipientId}
      order by (read_at is null) desc, updated_at desc, id desc
      offset ${NOTIFICATION_LIMITS.keptPerMember})`);
}

/**
 * "In the app" off for this kind: the item is still written (its email and push go by their own choices, and the
 * page lists it), but already read, so the bell does not ring for it.
 */
async function shownInApp(tx: Tx, recipientId: string, kind: NotificationKind): Promise<boolean> {
  const { settings, isMinor } = await loadNotificationSettings(tx, recipientId);
  return channelsFor(settings, kind, isMinor).inApp;
}

async function announce(ctx: HandlerContext, row: typeof notifications.$inferSelect, isNew: boolean) {
  ctx.emit({
    type: 'notification.changed',
    recipientId: row.recipientId,
    kind: row.kind,
    isNew,
    item: itemOf(row),
    unreadCount: await unreadCountOf(ctx.tx, row.recipientId),
  });
}

/**
 * One item per (event, recipient, kind): the dispatcher runs a handler once per event, and the unique index keeps a
 * replayed delivery from writing a second. Announced live (notification.changed) only when written.
 */
export async function notify(ctx: HandlerContext, input: NewNotification): Promise<void> {
  // A muted room: nothing written, so nothing rings, mails or pushes (a mention there is muted too).
  if (input.kind === 'mention' && (await isMuted(ctx.tx, input.recipientId, { roomId: input.roomId }))) return;
  const [row] = await ctx.tx
    .insert(notifications)
    .values({
      recipientId: input.recipientId,
      kind: input.kind,
      eventId: ctx.eventId,
      payload: input.payload,
      subjectKey: input.subjectKey ?? null,
      roomId: input.roomId ?? null,
      readAt: (await shownInApp(ctx.tx, input.recipientId, input.kind)) ? null : sql`now()`,
    })
    .onConflictDoNothing({
      target: [notifications.eventId, notifications.recipientId, notifications.kind],
      where: sql`${notifications.kind} <> 'message'`,
    })
    .returning();
  if (!row) return;
  await prune(ctx.tx, input.recipientId);
  await announce(ctx, row, true);
}

/**
 * One `message` item per (recipient, conversation): a new message counts on an unread item and moves it to the
 * top; on a read one it starts again at 1, unread. The same message delivered twice counts once (its id is kept).
 */
export async function notifyMessage(
  ctx: HandlerContext,
  input: { recipientId: string; conversationId: string; messageId: string; payload: NotificationPayload },
): Promise<void> {
  // A muted conversation: nothing written, so nothing rings, mails or pushes.
  if (await isMuted(ctx.tx, input.recipientId, { conversationId: input.conversationId })) return;
  const payload: NotificationPayload = { ...input.payload, messageId: input.messageId };
  const readAt = (await shownInApp(ctx.tx, input.recipientId, 'message')) ? null : sql`now()`;
  const [row] = await ctx.tx
    .insert(notifications)
    .values({
      recipientId: input.recipientId,
      kind: 'message',
      eventId: ctx.eventId,
      payload,
      subjectKey: input.conversationId,
      readAt,
    })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.subjectKey],
      targetWhere: sql`${notifications.kind} = 'message'`,
      set: {
        eventId: ctx.eventId,
        payload,
        count: sql`case when ${notifications.readAt} is null then ${notifications.count} + 1 else 1 end`,
        readAt,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${notifications.payload} ->> 'messageId' is distinct from ${input.messageId}`,
    })
    .returning();
  if (!row) return;
  // Written, or unread again after being read: either way a new unread item for its recipient.
  const isNew = row.count === 1;
  if (isNew) await prune(ctx.tx, input.recipientId);
  await announce(ctx, row, isNew);
}

/** Reading a conversation reads its message item (on any tab: announced live). */
export async function readMessageItem(ctx: HandlerContext, recipientId: string, conversationId: string) {
  const [row] = await ctx.tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.kind, 'message'),
        eq(notifications.subjectKey, conversationId),
        sql`${notifications.readAt} is null`,
      ),
    )
    .returning();
  if (row) await announce(ctx, row, false);
}

/** Deletes a member's items matching `where` (what they may no longer read), announced live with the new count. */
export async function removeNotifications(ctx: HandlerContext, where: SQL): Promise<void> {
  const removed = await ctx.tx
    .delete(notifications)
    .where(where)
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  const byRecipient = new Map<string, string[]>();
  for (const { id, recipientId } of removed)
    byRecipient.set(recipientId, [...(byRecipient.get(recipientId) ?? []), id]);
  for (const [recipientId, ids] of byRecipient) {
    ctx.emit({
      type: 'notifications.removed',
      recipientId,
      ids,
      unreadCount: await unreadCountOf(ctx.tx, recipientId),
    });
  }
}
