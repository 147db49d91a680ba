import { text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A moment, to the millisecond, with its time zone: what JavaScript dates hold. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The owning user: the row goes with the account. A new column at each call (a column belongs to one table).
 */
export const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The owning user as the primary key: one row per user, gone with the account. */
export const userKey = () =>
  text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });
