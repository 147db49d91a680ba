import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { QUEST_SLUG_MAX, QUEST_TITLE_MAX } from '../../../domain/progression/quests';
import { FALLBACK_TIME_ZONE, TIME_ZONE_MAX } from '../../../domain/progression/streaks';
import { instant, userKey, userRef } from './columns';

/**
 * Progression (spec 1 sections 3 and 4). Everything here is written by the server's event handlers and
 * the daily check-in only (src/server/features/progression): no client call awards anything.
 */

/** Where an XP grant came from. Badges grant no XP (domain/progression/xp.ts). */
export const XP_SOURCES = ['message', 'quest', 'daily_login'] as const;
export type XpSource = (typeof XP_SOURCES)[number];
export const xpSourceEnum = pgEnum('xp_source', XP_SOURCES);

/** Longest source_key: a uuid (a message), a quest slug (50) or a date; 100 leaves room and refuses junk. */
export const XP_SOURCE_KEY_MAX = 100;
/** A badge slug is one of BADGES' (at most 21 characters today); 50 as for quests. */
export const BADGE_SLUG_MAX = 50;

const max = (n: number) => sql.raw(String(n));

/** A user's XP and level: always the sum of their xp_grants and levelForXp of it (written together, under this row's lock). */
export const userXp = pgTable(
  'user_xp',
  {
    userId: userKey(),
    xp: integer('xp').notNull().default(0),
    level: integer('level').notNull().default(0),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_xp_xp_non_negative', sql`${t.xp} >= 0`),
    check('user_xp_level_non_negative', sql`${t.level} >= 0`),
  ],
);

/** The daily login streak (domain/progression/streaks.ts): last_action is the user's calendar day, in time_zone. */
export const userStreaks = pgTable(
  'user_streaks',
  {
    userId: userKey(),
    currentStreak: integer('current_streak').notNull().default(0),
    lastAction: date('last_action', { mode: 'string' }),
    /**
     * The coarse zone (a whole-hour Etc/GMT offset, never the place name) the user's days are judged in: the daily
     * login and the daily message XP cap. Changes at most once per ZONE_CHANGE_INTERVAL (streaks.ts).
     */
    timeZone: text('time_zone').notNull().default(FALLBACK_TIME_ZONE),
    /** When time_zone last changed: a client cannot hop zones to open extra calendar days. */
    zoneChangedAt: instant('zone_changed_at'),
    /** When the latest daily login was awarded (last_action is its date in the zone of that moment). */
    lastAwardedAt: instant('last_awarded_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_streaks_current_streak_non_negative', sql`${t.currentStreak} >= 0`),
    check('user_streaks_time_zone_length', sql`char_length(${t.timeZone}) between 1 and ${max(TIME_ZONE_MAX)}`),
    // Only the coarse zones coarseTimeZone makes (streaks.ts): never a place name, whatever server writes it.
    check(
      'user_streaks_time_zone_coarse',
      sql`${t.timeZone} = 'UTC' or ${t.timeZone} ~ '^Etc/GMT([+]([1-9]|1[0-2])|-([1-9]|1[0-4]))$'`,
    ),
  ],
);

/** A badge is earned when its row exists (spec 1 section 4); the unique key makes earning it twice impossible. */
export const userBadges = pgTable(
  'user_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    badgeSlug: text('badge_slug').notNull(),
    earnedAt: instant('earned_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_badges_user_slug_key').on(t.userId, t.badgeSlug),
    check('user_badges_slug_length', sql`char_length(${t.badgeSlug}) between 1 and ${max(BADGE_SLUG_MAX)}`),
  ],
);

/** The quests, seeded from the domain's QUESTS and kept in step with it at every server start (ensureQuests). */
export const quests = pgTable(
  'quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    xp: integer('xp').notNull(),
    minLevel: integer('min_level').notNull().default(0),
  },
  (t) => [
    uniqueIndex('quests_slug_key').on(t.slug),
    check('quests_slug_length', sql`char_length(${t.slug}) between 1 and ${max(QUEST_SLUG_MAX)}`),
    check('quests_title_length', sql`char_length(${t.title}) between 1 and ${max(QUEST_TITLE_MAX)}`),
    check('quests_xp_positive', sql`${t.xp} > 0`),
    check('quests_min_level_non_negative', sql`${t.minLevel} >= 0`),
  ],
);

/** A completed quest: once per user (the primary key), with its XP granted in the same transaction. */
export const userQuests = pgTable(
  'user_quests',
  {
    userId: userRef(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    completedAt: instant('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questId] })],
);

/**
 * The XP ledger: every XP change is a row, keyed by what earned it (a message's id, a quest's slug, a login's day),
 * so a grant can never happen twice whatever retries or replays happen; user_xp.xp is the sum of these rows.
 */
export const xpGrants = pgTable(
  'xp_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    source: xpSourceEnum('source').notNull(),
    sourceKey: text('source_key').notNull(),
    amount: integer('amount').notNull(),
    /** The user's calendar day of the grant, in their zone: what the daily message cap sums over. */
    day: date('day', { mode: 'string' }).notNull(),
    grantedAt: instant('granted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_grants_user_source_key').on(t.userId, t.source, t.sourceKey),
    // The daily cap reads one user's grants of one source on one day.
    index('xp_grants_user_source_day_idx').on(t.userId, t.source, t.day),
    check('xp_grants_amount_positive', sql`${t.amount} > 0`),
    check('xp_grants_source_key_length', sql`char_length(${t.sourceKey}) between 1 and ${max(XP_SOURCE_KEY_MAX)}`),
  ],
);

/** One-time maintenance jobs (the progression backfill): a finished row means a restart does not run it again. */
export const maintenanceRuns = pgTable(
  'maintenance_runs',
  {
    name: text('name').primaryKey(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    /** How far an unfinished run got (the backfill: the last user id reviewed), so a restart resumes there. */
    cursor: text('cursor'),
  },
  (t) => [
    check('maintenance_runs_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('maintenance_runs_cursor_length', sql`char_length(${t.cursor}) <= 200`),
  ],
);
