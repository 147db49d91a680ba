import { sql } from 'drizzle-orm';
import { mostWithinWindow, profileChecklist, type ProgressStats } from '../../../domain/progression/stats';
import type { Tx } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import { portfolioItems } from '../../db/schema/portfolio';
import { profiles } from '../../db/schema/profiles';
import { reviews } from '../../db/schema/reviews';
import { chatMessages, chatRoomMembers } from '../../db/schema/rooms';
import { services } from '../../db/schema/services';
import { transfers } from '../../db/schema/settlement';
import { highestBadgeThreshold } from './stat-reach';

/**
 * Rows counted per table, at most. The highest count any quest or badge asks for is 100 (messages_100;
 * progress-stats.test.ts checks that counting further changes no award), so counting past 100 rows could change
 * nothing: the limit bounds the work of every review (one runs per message sent) without changing what is earned.
 * The same bound applies to the completed services the completion stats are taken from (the newest 100).
 */
export const STAT_ROW_LIMIT = 100;
/** The average rating (top_rated) is taken over the newest this many reviews received, as it always was. */
export const RATING_WINDOW = 1000;
/**
 * The transfers sum stops once it reaches the highest earnings any badge asks for ($500): more changes nothing, so
 * a provider with thousands of payouts costs no more than one who just crossed it.
 */
export const EARNINGS_COUNTED_MAX = highestBadgeThreshold('earningsCents');

interface StatsRow extends Record<string, unknown> {
  services_created: number;
  categories_with_services: number;
  services_completed: number;
  completed_at_ms: number[] | null;
  max_in_category: number;
  users_helped: number;
  earnings_cents: string | number;
  messages_sent: number;
  rooms_joined: number;
  reviews_received: number;
  rating_total: number;
  reviews_four_plus: number;
  reviews_five_star: number;
  reviews_left: number;
  portfolio_items: number;
  first_name: string | null;
  last_name: string | null;
  bio: string | null;
  avatar_url: string | null;
}

const limited = (from: ReturnType<typeof sql>) =>
  sql`(select count(*) from (${from} limit ${STAT_ROW_LIMIT}) counted)::int`;

/**
 * The user's ProgressStats from the tables, as each field of ProgressStats documents, in one statement, each count
 * bounded as above (a count at its bound judges as the full count would). `own` is what the caller already holds
 * under the user_xp lock (XP, level, streak).
 */
export async function loadProgressStats(
  tx: Tx,
  userId: string,
  own: { xp: number; level: number; streak: number },
): Promise<ProgressStats> {
  const net = sql`amount_cents - coalesce(reversed_cents, 0)`;
  const paid = sql`from ${transfers} where provider_id = ${userId} and status = 'paid'`;
  const { rows } = await tx.execute<StatsRow>(sql`
    with done as (
      -- Services delivered: the user is the provider, the client accepted the work (or the window ran out). The
      -- order and the filter are conversations_provider_accepted_idx's own, so this reads the newest rows of that
      -- partial index and stops (nulls last: the index's order, which the planner does not infer from the filter).
      select c.participant1_id as client_id, c.accepted_at, s.category_id
      from ${conversations} c left join ${services} s on s.id = c.service_id
      where c.participant2_id = ${userId} and c.accepted_at is not null and c.cancelled_at is null
      order by c.accepted_at desc nulls last
      limit ${STAT_ROW_LIMIT}
    ), offered as (
      select category_id from ${services} where user_id = ${userId} limit ${STAT_ROW_LIMIT}
    ), received as (
      select rating from ${reviews} where provider_id = ${userId} order by created_at desc limit ${RATING_WINDOW}
    )
    select
      (select count(*) from offered)::int as services_created,
      (select count(distinct category_id) from offered)::int as categories_with_services,
      (select count(*) from done)::int as services_completed,
      (select json_agg((extract(epoch from accepted_at) * 1000)::float8) from done) as completed_at_ms,
      (select coalesce(max(n), 0) from (
        select count(*) as n from done where category_id is not null group by category_id) per_category
      )::int as max_in_category,
      (select count(distinct client_id) from done)::int as users_helped,
      -- A provider's paid transfers (transfers_provider_status_idx): a running sum in index order stops at the first
      -- row that reaches the highest threshold; only a provider below it has all their transfers summed.
      coalesce(
        (select running from (
          select sum(${net}) over (rows between unbounded preceding and current row) as running ${paid}
        ) summed where running >= ${EARNINGS_COUNTED_MAX} limit 1),
        (select coalesce(sum(${net}), 0) ${paid})
      )::bigint as earnings_cents,
      ${limited(sql`select 1 from ${messages} where sender_id = ${userId} and kind = 'text'`)}
        + ${limited(sql`select 1 from ${chatMessages} where sender_id = ${userId} and kind = 'text'`)} as messages_sent,
      -- Only rooms the user chose, joined or created: a room someone else added them to (invited) earns nothing,
      -- even once the adder's account is gone.
      ${limited(sql`select 1 from ${chatRoomMembers} where user_id = ${userId} and not invited`)} as rooms_joined,
      (select count(*) from received)::int as reviews_received,
      (select coalesce(sum(rating), 0) from received)::int as rating_total,
      (select count(*) from received where rating >= 4)::int as reviews_four_plus,
      (select count(*) from received where rating = 5)::int as reviews_five_star,
      ${limited(sql`select 1 from ${reviews} where reviewer_id = ${userId}`)} as reviews_left,
      ${limited(sql`select 1 from ${portfolioItems} where user_id = ${userId}`)} as portfolio_items,
      p.first_name, p.last_name, p.bio, p.avatar_url
    from (select 1) one left join ${profiles} p on p.id = ${userId}`);
  const row = rows[0]!;
  const earnings = Number(row.earnings_cents);
  return {
    servicesCreated: row.services_created,
    servicesCompleted: row.services_completed,
    maxCompletedIn24h: mostWithinWindow(row.completed_at_ms ?? []),
    maxCompletedInOneCategory: row.max_in_category,
    categoriesWithServices: row.categories_with_services,
    earningsCents: Number.isSafeInteger(earnings) && earnings > 0 ? earnings : 0,
    messagesSent: row.messages_sent,
    roomsJoined: row.rooms_joined,
    reviewsReceived: row.reviews_received,
    ratingTotal: row.rating_total,
    reviewsFourPlus: row.reviews_four_plus,
    reviewsFiveStar: row.reviews_five_star,
    reviewsLeft: row.reviews_left,
    usersHelped: row.users_helped,
    portfolioItems: row.portfolio_items,
    profile: profileChecklist({
      firstName: row.first_name,
      lastName: row.last_name,
      bio: row.bio,
      avatarUrl: row.avatar_url,
    }),
    xp: own.xp,
    level: own.level,
    streak: own.streak,
  };
}
