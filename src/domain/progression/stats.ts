/**
 * The counts quests and badges are judged on (spec 1 section 3, "Tables counted for quest progress"). The server
 * computes them from the tables, exactly as each field says; the domain only judges them. Every count is a
 * non-negative integer; a count the server cannot compute is 0, never a guess.
 */
export interface ProgressStats {
  /** services rows with user_id = the user (services they offer now; a deleted service no longer counts). */
  servicesCreated: number;
  /**
   * Services the user delivered: conversations with participant2_id = the user (the provider) whose work was accepted
   * (accepted_at set: by the client, or when the client's confirmation window ran out) and not cancelled.
   */
  servicesCompleted: number;
  /** The most of those completions (by accepted_at) inside any 24-hour window; see mostWithinWindow. */
  maxCompletedIn24h: number;
  /** The most of those completions whose service is in one category (a completion without a service counts in none). */
  maxCompletedInOneCategory: number;
  /** Distinct categories among the user's services (servicesCreated's rows). */
  categoriesWithServices: number;
  /**
   * What the user was paid as provider, in cents: the sum of their transfers' amount_cents less reversed_cents,
   * counted only up to the highest earnings threshold (progress-stats.ts EARNINGS_COUNTED_MAX); past it, at least that.
   */
  earningsCents: number;
  /**
   * Messages the user sent: direct conversation messages (messages.sender_id = the user) plus chat room messages
   * (sender = the user), of kind 'text' only (their own words, with or without media: notices such as a price
   * proposal are not counted). Deleted messages no longer count. Quests and badges count every message; only the XP
   * from messages is capped per day (xp.ts).
   */
  messagesSent: number;
  /**
   * chat_room_members rows of the user that they joined or created themselves (added_by null or the user): a room
   * someone else added them to earns them nothing (a stranger cannot award a minor by adding them to rooms).
   */
  roomsJoined: number;
  /** reviews with provider_id = the user. */
  reviewsReceived: number;
  /** The sum of those reviews' ratings (1..5 each): the average is ratingTotal / reviewsReceived, kept exact. */
  ratingTotal: number;
  /** Of those reviews, how many rate 4 or 5 stars. */
  reviewsFourPlus: number;
  /** Of those reviews, how many rate 5 stars. */
  reviewsFiveStar: number;
  /** reviews with reviewer_id = the user. */
  reviewsLeft: number;
  /** Distinct clients (participant1_id) of the user's completed services (servicesCompleted's conversations). */
  usersHelped: number;
  /** portfolio_items rows with user_id = the user. */
  portfolioItems: number;
  /** The profile's four quest fields, judged by profileChecklist. */
  profile: ProfileChecklist;
  /** user_xp.xp. */
  xp: number;
  /** user_xp.level, which is levelForXp(xp). */
  level: number;
  /** user_streaks.current_streak after today's daily login. */
  streak: number;
}

/** The four fields of the complete_profile quest (spec 1 section 9). */
export interface ProfileChecklist {
  firstName: boolean;
  lastName: boolean;
  /** A bio longer than 10 characters, after trimming. */
  bio: boolean;
  avatar: boolean;
}

export const PROFILE_BIO_MIN_EXCLUSIVE = 10;

export interface ProfileFields {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  bio: string | null | undefined;
  avatarUrl: string | null | undefined;
}

const filled = (value: string | null | undefined) => (value?.trim().length ?? 0) > 0;

/** Which of the four profile fields count as done. */
export function profileChecklist(profile: ProfileFields): ProfileChecklist {
  return {
    firstName: filled(profile.firstName),
    lastName: filled(profile.lastName),
    bio: (profile.bio?.trim().length ?? 0) > PROFILE_BIO_MIN_EXCLUSIVE,
    avatar: filled(profile.avatarUrl),
  };
}

export function profileFieldsDone(checklist: ProfileChecklist): number {
  return [checklist.firstName, checklist.lastName, checklist.bio, checklist.avatar].filter(Boolean).length;
}

/** A user who has done nothing yet: the starting point for tests and for a user without rows. */
export const EMPTY_PROGRESS_STATS: ProgressStats = Object.freeze({
  servicesCreated: 0,
  servicesCompleted: 0,
  maxCompletedIn24h: 0,
  maxCompletedInOneCategory: 0,
  categoriesWithServices: 0,
  earningsCents: 0,
  messagesSent: 0,
  roomsJoined: 0,
  reviewsReceived: 0,
  ratingTotal: 0,
  reviewsFourPlus: 0,
  reviewsFiveStar: 0,
  reviewsLeft: 0,
  usersHelped: 0,
  portfolioItems: 0,
  profile: Object.freeze({ firstName: false, lastName: false, bio: false, avatar: false }),
  xp: 0,
  level: 0,
  streak: 0,
});

/** The average rating received, or null without reviews. */
export function averageRating(stats: Pick<ProgressStats, 'reviewsReceived' | 'ratingTotal'>): number | null {
  return stats.reviewsReceived > 0 ? stats.ratingTotal / stats.reviewsReceived : null;
}

export const DAY_MS = 86_400_000;

/**
 * The most instants inside any window of `windowMs` (both ends inclusive: the window starts at one of them), for
 * maxCompletedIn24h. The server passes the user's completion times; sorting a copy keeps the caller's array intact.
 */
export function mostWithinWindow(instantsMs: readonly number[], windowMs: number = DAY_MS): number {
  const sorted = instantsMs.filter(Number.isFinite).sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! > windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
