import { sql } from 'drizzle-orm';
import { earnedBadges } from '../../../domain/progression/badges';
import { levelForXp } from '../../../domain/progression/levels';
import { completableQuests, QUESTS } from '../../../domain/progression/quests';
import { calendarDayIn, type CalendarDay } from '../../../domain/progression/streaks';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema/auth';
import {
  quests,
  userBadges,
  userQuests,
  userStreaks,
  userXp,
  xpGrants,
  type XpSource,
} from '../../db/schema/progression';
import type { AppEvent } from '../../contracts/app-events';
import { ensureQuests } from './ensure-quests';
import type { ProgressionQuestView, QuestCount } from '../../contracts/progression-events';
import { loadProgressStats } from './progress-stats';
import { questCounts, questRowsOf, questView } from './quest-view';
import { canMoveAnything, type Held, type StatKey } from './stat-reach';

/**
 * The award engine: the only code that writes user_xp, user_quests, user_badges and xp_grants. Every writer first
 * takes the user's user_xp row FOR UPDATE (lockProgress), so two events of one user award in turn, and every award
 * has a unique key (the ledger's (user, source, key), a quest's (user, quest), a badge's (user, slug)), so a retry, a
 * replayed delivery or a second server can never award anything twice.
 */

/** A user's progression as held under the user_xp lock, changed by grants, written back by reviewProgress. */
export interface LockedProgress {
  userId: string;
  /** As stored when locked. */
  readonly xpBefore: number;
  readonly levelBefore: number;
  /** After this transaction's grants so far. */
  xp: number;
  /** user_streaks.current_streak (0 without a row). */
  streak: number;
  /** The zone of the user's latest check-in, UTC if none: what "a day" means for them. */
  zone: string | null;
}

export interface ProgressAwards {
  userId: string;
  xpBefore: number;
  xp: number;
  levelBefore: number;
  level: number;
  quests: { slug: string; title: string; xp: number }[];
  badges: { slug: string; earnedAt: string }[];
  /** On a level-up: the quests the new level offers that the old one did not, as progression.get lists them. */
  questsOpened: ProgressionQuestView[];
  /** The unfinished offered quests' counts; null when the review read no stats (nothing could have changed). */
  questCounts: QuestCount[] | null;
}

interface LockRow extends Record<string, unknown> {
  xp: number;
  level: number;
  current_streak: number | null;
  time_zone: string | null;
}

async function selectForUpdate(tx: Tx, userId: string): Promise<LockRow | undefined> {
  const { rows } = await tx.execute<LockRow>(sql`
    select x.xp, x.level, s.current_streak, s.time_zone
    from ${userXp} x left join ${userStreaks} s on s.user_id = x.user_id
    where x.user_id = ${userId}
    for update of x`);
  return rows[0];
}

/**
 * Takes the user's user_xp row FOR UPDATE, making it first if needed; null when the user no longer exists (an event
 * about a deleted account awards nothing).
 */
export async function lockProgress(tx: Tx, userId: string): Promise<LockedProgress | null> {
  let row = await selectForUpdate(tx, userId);
  if (!row) {
    await tx.execute(sql`
      insert into ${userXp} (user_id) select id from ${users} where id = ${userId}
      on conflict (user_id) do nothing`);
    row = await selectForUpdate(tx, userId);
    if (!row) return null;
  }
  return {
    userId,
    xpBefore: row.xp,
    levelBefore: row.level,
    xp: row.xp,
    streak: row.current_streak ?? 0,
    zone: row.time_zone,
  };
}

/**
 * Locks several users' rows in one order (sorted ids), so two transactions that both touch the same two users (a
 * review: its reviewer and its reviewee) can never wait for each other.
 */
export async function lockProgressOf(tx: Tx, userIds: readonly string[]): Promise<LockedProgress[]> {
  const locked: LockedProgress[] = [];
  for (const userId of [...new Set(userIds)].sort()) {
    const progress = await lockProgress(tx, userId);
    if (progress) locked.push(progress);
  }
  return locked;
}

/** One XP grant into the ledger: false (and no XP) when its key was already granted. */
export async function grantXp(
  tx: Tx,
  progress: LockedProgress,
  grant: { source: XpSource; key: string; amount: number; day: CalendarDay },
): Promise<boolean> {
  if (!Number.isSafeInteger(grant.amount) || grant.amount <= 0) return false;
  const inserted = await tx
    .insert(xpGrants)
    .values({
      userId: progress.userId,
      source: grant.source,
      sourceKey: grant.key,
      amount: grant.amount,
      day: grant.day,
    })
    .onConflictDoNothing({ target: [xpGrants.userId, xpGrants.source, xpGrants.sourceKey] })
    .returning({ amount: xpGrants.amount });
  if (inserted.length === 0) return false;
  progress.xp += grant.amount;
  return true;
}

/** XP of one source the user was granted on one of their days (the message cap reads it). */
export async function xpGrantedOn(tx: Tx, userId: string, source: XpSource, day: CalendarDay): Promise<number> {
  const { rows } = await tx.execute<{ total: number }>(sql`
    select coalesce(sum(amount), 0)::int as total from ${xpGrants}
    where user_id = ${userId} and source = ${source} and day = ${day}::date`);
  return rows[0]?.total ?? 0;
}

type QuestRow = { id: string; slug: string; title: string; xp: number; inserted: boolean } & Record<string, unknown>;

/** Completes these quests (those not completed yet); returns the ones this call completed. */
async function completeQuests(tx: Tx, userId: string, slugs: readonly string[]): Promise<QuestRow[]> {
  const run = () =>
    tx.execute<QuestRow>(sql`
      with wanted as (
        select q.id, q.slug, q.title, q.xp from ${quests} q
        where q.slug in (select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))
      ), ins as (
        insert into ${userQuests} (user_id, quest_id) select ${userId}, id from wanted
        on conflict do nothing
        returning quest_id
      )
      select w.id, w.slug, w.title, w.xp, exists (select 1 from ins where ins.quest_id = w.id) as inserted
      from wanted w`);
  let { rows } = await run();
  if (rows.length < slugs.length) {
    // A quest of the domain's list has no row (a database the start-up never seeded): seed, then complete.
    await ensureQuests(tx);
    ({ rows } = await run());
  }
  return rows.filter((r) => r.inserted);
}

/** Earns these badges (those not earned yet); returns the ones this call earned. */
async function earnBadges(tx: Tx, userId: string, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  const rows = await tx
    .insert(userBadges)
    .values(slugs.map((badgeSlug) => ({ userId, badgeSlug })))
    .onConflictDoNothing({ target: [userBadges.userId, userBadges.badgeSlug] })
    .returning({ slug: userBadges.badgeSlug, earnedAt: userBadges.earnedAt });
  return rows.map((r) => ({ slug: r.slug, earnedAt: r.earnedAt.toISOString() }));
}

/** More rows than the domain has badges (37) or quests (17): the bound only guards against tables gone wrong. */
const HELD_LIMIT = 100;

/**
 * The badges the user holds and the quests they completed: one statement through the two tables' user keys. Read
 * under the user's lock, so nothing changes them until this transaction ends.
 */
async function loadHeld(tx: Tx, userId: string): Promise<Held> {
  const { rows } = await tx.execute<{ badges: string[]; quests: string[] }>(sql`
    select
      coalesce((select json_agg(badge_slug) from (
        select badge_slug from ${userBadges} where user_id = ${userId} limit ${HELD_LIMIT}) b), '[]') as badges,
      coalesce((select json_agg(q.slug) from (
        select quest_id from ${userQuests} where user_id = ${userId} limit ${HELD_LIMIT}) uq
        join ${quests} q on q.id = uq.quest_id), '[]') as quests`);
  return { badges: new Set(rows[0]?.badges ?? []), quests: new Set(rows[0]?.quests ?? []) };
}

export interface ReviewOptions {
  now?: Date;
  /**
   * The stats the event being handled can have changed (award-handler.ts); absent: any (the daily login, the
   * backfill). When no XP was granted and no quest or badge still open reads one of them, the review reads no
   * stats and awards nothing: nothing could have changed.
   */
  moves?: readonly StatKey[];
  /** false: no live data is prepared (the backfill awards silently): no level-up quests, no quest counts. */
  live?: boolean;
}

/**
 * Judges the user's stats (from the tables, as they are in this transaction) and awards what they now earn: the
 * quests completableQuests names (with their XP, through the ledger keyed by the quest's slug) and the badges
 * earnedBadges names, skipping what the user already holds (read once, up front). A quest's XP can complete an XP or
 * level quest or earn a badge, so it judges again until a round grants no XP: at most one round per quest, plus
 * one. Then writes user_xp (XP and its level) once.
 */
export async function reviewProgress(
  tx: Tx,
  progress: LockedProgress,
  { now = new Date(), moves, live = true }: ReviewOptions = {},
): Promise<ProgressAwards> {
  const awards: ProgressAwards = {
    userId: progress.userId,
    xpBefore: progress.xpBefore,
    xp: progress.xp,
    levelBefore: progress.levelBefore,
    level: levelForXp(progress.xp),
    quests: [],
    badges: [],
    questsOpened: [],
    questCounts: null,
  };
  const held = await loadHeld(tx, progress.userId);
  // XP and level quests and badges, and the quests a new level offers, can move only when XP moved. Without XP,
  // only the stats the event touches can change anything: none read by an open quest or badge, nothing to review.
  const xpMoved = progress.xp !== progress.xpBefore;
  if (!xpMoved && moves !== undefined && !canMoveAnything(moves, held, awards.level)) return awards;

  const day = calendarDayIn(now, progress.zone);
  const base = await loadProgressStats(tx, progress.userId, {
    xp: progress.xp,
    level: levelForXp(progress.xp),
    streak: progress.streak,
  });
  const statsNow = () => ({ ...base, xp: progress.xp, level: levelForXp(progress.xp) });
  for (let round = 0; round <= QUESTS.length; round++) {
    const stats = statsNow();
    const xpAtStart = progress.xp;
    const slugs = completableQuests(stats).filter((slug) => !held.quests.has(slug));
    const completed = slugs.length > 0 ? await completeQuests(tx, progress.userId, slugs) : [];
    for (const slug of slugs) held.quests.add(slug);
    for (const quest of completed) {
      if (await grantXp(tx, progress, { source: 'quest', key: quest.slug, amount: quest.xp, day })) {
        awards.quests.push({ slug: quest.slug, title: quest.title, xp: quest.xp });
      } else {
        // The ledger already has this quest's XP while its completion row was missing (someone deleted it): the
        // quest is completed again, silently, since a celebration would promise XP that is not granted.
        console.warn(`progression: quest ${quest.slug} completed again for user ${progress.userId} without XP`);
      }
    }
    const badges = earnedBadges(stats).filter((slug) => !held.badges.has(slug));
    awards.badges.push(...(await earnBadges(tx, progress.userId, badges)));
    for (const slug of badges) held.badges.add(slug);
    if (progress.xp === xpAtStart) break;
  }
  awards.xp = progress.xp;
  awards.level = levelForXp(progress.xp);
  if (awards.xp !== progress.xpBefore || awards.level !== progress.levelBefore) {
    await tx.execute(sql`
      update ${userXp} set xp = ${awards.xp}, level = ${awards.level}, updated_at = now()
      where user_id = ${progress.userId}`);
  }
  if (live) {
    const stats = statsNow();
    if (awards.level > awards.levelBefore) {
      const opened = await questRowsOf(tx, progress.userId, { above: awards.levelBefore, upTo: awards.level });
      awards.questsOpened = opened.map((row) => questView(row, stats));
    }
    awards.questCounts = questCounts(stats, held.quests);
  }
  return awards;
}

/**
 * The live events of what was awarded, in the order the celebrations show them: quests, badges, then the level (with
 * the quests it opens); then the XP, and the counts of the quests still open when the review read them.
 */
export function awardEvents(awards: ProgressAwards): AppEvent[] {
  const { userId } = awards;
  const events: AppEvent[] = [
    ...awards.quests.map((q): AppEvent => ({
      type: 'progression.quest-completed',
      userId,
      slug: q.slug,
      title: q.title,
      xp: q.xp,
    })),
    ...awards.badges.map((b): AppEvent => ({
      type: 'progression.badge-earned',
      userId,
      slug: b.slug,
      earnedAt: b.earnedAt,
    })),
  ];
  if (awards.level > awards.levelBefore) {
    events.push({ type: 'progression.level-up', userId, level: awards.level, quests: awards.questsOpened });
  }
  if (awards.xp !== awards.xpBefore || awards.level !== awards.levelBefore) {
    events.push({ type: 'progression.xp-changed', userId, xp: awards.xp, level: awards.level });
  }
  // Last: the counts as they stand after every award above (a quest completed here is no longer among them).
  if (awards.questCounts && awards.questCounts.length > 0) {
    events.push({ type: 'progression.quest-progress', userId, quests: awards.questCounts });
  }
  return events;
}
