import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, userKey, userRef } from './columns';

/** Schools whose students may verify (src/domain/schools.ts), listed by admins on /admin/schools. */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Two "Hillside High" entries would make the mark ambiguous.
    uniqueIndex('schools_name_key').on(sql`lower(${t.name})`),
    check('schools_name_length', sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/** A school's email domains: lower-case, each belonging to one school only. */
export const schoolDomains = pgTable(
  'school_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('school_domains_school_idx').on(t.schoolId),
    check('school_domains_domain_shape', sql`char_length(${t.domain}) <= 253 and ${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * A member's school address, one per member. It counts once `verified_at` is set; it goes (and the mark with it)
 * when its domain or school is removed. The confirmation link's token is kept only as its SHA-256 hash, cleared
 * when used: a leaked backup cannot verify anyone, and a link works once.
 */
export const memberSchoolEmails = pgTable(
  'member_school_emails',
  {
    userId: userKey(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => schoolDomains.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    tokenHash: text('token_hash'),
    tokenExpiresAt: instant('token_expires_at'),
    verifiedAt: instant('verified_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_school_emails_token_key').on(t.tokenHash),
    // One school mailbox verifies one account.
    uniqueIndex('member_school_emails_verified_address_key')
      .on(sql`lower(${t.address})`)
      .where(sql`${t.verifiedAt} is not null`),
    index('member_school_emails_domain_idx').on(t.domainId),
    check('member_school_emails_address_length', sql`char_length(${t.address}) <= 254`),
  ],
);

/** Each confirmation email a member asked for, for the per-member limit; rows older than the window are deleted. */
export const schoolLinkRequests = pgTable(
  'school_link_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('school_link_requests_user_idx').on(t.userId, t.createdAt)],
);
