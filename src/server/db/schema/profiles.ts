import { boolean, date, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Spec 1 section 3 profiles, plus school (public view) and the sign-up tax acknowledgement. */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  bio: text('bio'),
  avatarUrl: text('avatar_url'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  school: text('school'),
  stripeAccountId: text('stripe_account_id'),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  payoutDetailsSubmitted: boolean('payout_details_submitted').notNull().default(false),
  /** For a minor, the parent or guardian whose payout account receives the money. */
  guardianEmail: text('guardian_email'),
  /**
   * Set when the date of birth first decided the adult or minor payout flow; from then on a change that moves the
   * user across 18 is refused (a minor must not become an adult to onboard payouts alone).
   */
  dateOfBirthLockedAt: timestamp('date_of_birth_locked_at', { withTimezone: true }),
  taxResponsibilityAcknowledgedAt: timestamp('tax_responsibility_acknowledged_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleEnum = pgEnum('app_role', ['admin']);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_roles_user_id_role_key').on(t.userId, t.role)],
);
