import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationPayload } from '../../../domain/notifications';
import { users } from './auth';
import { instant } from './columns';
import { chatRooms } from './rooms';

/**
 * What concerns a member, one row per (event, recipient), written only by the notifications feature's durable
 * handlers. `message` items coalesce: one per (recipient, conversation), its count and time moved by each message.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The domain event it came from (the newest one for a coalesced item). Not a reference: the outbox is pruned. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<NotificationPayload>().notNull(),
    /** What coalesces or identifies the subject: the conversation for `message`, the room message for `mention`. */
    subjectKey: text('subject_key'),
    /** A room kind's room: its items go with the room, and are shown only while the recipient is a member. */
    roomId: uuid('room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(1),
    readAt: instant('read_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // "My newest first, paged" (keyset on updated_at, id) and the pruning of a member's oldest.
    index('notifications_recipient_updated_idx').on(t.recipientId, t.updatedAt.desc(), t.id.desc()),
    // "My unread count" and "mark all read".
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    // Once per (event, recipient, kind): a second guard behind the dispatcher's once per (event, handler).
    uniqueIndex('notifications_event_recipient_kind_key')
      .on(t.eventId, t.recipientId, t.kind)
      .where(sql`${t.kind} <> 'message'`),
    // One message item per (recipient, conversation), updated by each new message.
    uniqueIndex('notifications_message_subject_key')
      .on(t.recipientId, t.subjectKey)
      .where(sql`${t.kind} = 'message'`),
    // A member leaving a room, and a deleted room message, find their items.
    index('notifications_room_idx')
      .on(t.roomId, t.recipientId)
      .where(sql`${t.roomId} is not null`),
    check('notifications_count_positive', sql`${t.count} >= 1`),
  ],
);
