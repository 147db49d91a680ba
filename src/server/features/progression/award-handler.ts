import type { AppEventType, EventOf } from '../../contracts/app-events';
import type { EventHandler, HandlerContext } from '../../events/handlers';
import { awardEvents, lockProgressOf, reviewProgress, type LockedProgress } from './review-progress';
import type { StatKey } from './stat-reach';

const MESSAGE_STATS = ['messagesSent'] as const;
const ROOM_STATS = ['roomsJoined'] as const;
const PROFILE_STATS = ['profile'] as const;
/** Every way a conversation's accepted_at is set: a confirmation (the client's or the sweep's) or a dispute's end. */
const COMPLETION_STATS = [
  'servicesCompleted',
  'maxCompletedIn24h',
  'maxCompletedInOneCategory',
  'usersHelped',
] as const;

/**
 * The stats each event a progression handler runs on can change (ProgressStats' fields, each documented with the
 * rows it counts). When an event grants no XP and the user holds every quest and badge reading these, its review
 * reads no stats at all (a message after the day's cap from someone who holds every message award costs three
 * short statements). An event missing here is reviewed in full, which is always correct, only slower.
 */
export const STATS_MOVED_BY = {
  'message.sent': MESSAGE_STATS,
  'conversation.opened': MESSAGE_STATS,
  'room.message-posted': MESSAGE_STATS,
  'room.created': ROOM_STATS,
  'room.member-changed': ROOM_STATS,
  'service.created': ['servicesCreated', 'categoriesWithServices'],
  'completion.confirmed': COMPLETION_STATS,
  // A release (dispute.resolved) or a partial refund (refund.issued) ends a dispute by accepting the work.
  'dispute.resolved': COMPLETION_STATS,
  'refund.issued': COMPLETION_STATS,
  // A payout follows an acceptance: its completion stats too, in case a way of accepting ever skips its own event.
  // A provider holding the completion awards still skips the review.
  'transfer.sent': ['earningsCents', ...COMPLETION_STATS],
  // Received by the reviewee, left by the reviewer: one list for both users of the event.
  'review.submitted': ['reviewsReceived', 'ratingTotal', 'reviewsFourPlus', 'reviewsFiveStar', 'reviewsLeft'],
  'portfolio.item-added': ['portfolioItems'],
  'profile.updated': PROFILE_STATS,
  'avatar.set': PROFILE_STATS,
} as const satisfies Partial<Record<AppEventType, readonly StatKey[]>>;

const statsMovedBy = (type: AppEventType): readonly StatKey[] | undefined =>
  (STATS_MOVED_BY as Partial<Record<AppEventType, readonly StatKey[]>>)[type];

/**
 * A progression handler: for an event, the users whose progress it may change; each is locked (in one order),
 * given what the event itself grants (`grant`: message XP), then reviewed by the engine, and what they were awarded
 * is emitted for their live channel. Runs once per event (the dispatcher), and the engine's unique keys make a
 * replayed event award nothing more.
 */
export function awardHandler<T extends AppEventType>({
  name,
  on,
  usersOf,
  grant,
}: {
  /** Stable: stored with pending deliveries. */
  name: string;
  on: T;
  /** The users to review; none when the event cannot change anyone's progress (a notice, a server action). */
  usersOf: (event: EventOf<T>) => readonly (string | null | undefined)[];
  grant?: (ctx: HandlerContext, progress: LockedProgress, event: EventOf<T>) => Promise<void>;
}): EventHandler<T> {
  return {
    name,
    on,
    async handle(ctx, event) {
      const userIds = usersOf(event).filter((id): id is string => typeof id === 'string' && id.length > 0);
      if (userIds.length === 0) return;
      for (const progress of await lockProgressOf(ctx.tx, userIds)) {
        if (grant) await grant(ctx, progress, event);
        const awards = await reviewProgress(ctx.tx, progress, { moves: statsMovedBy(on) });
        for (const awarded of awardEvents(awards)) ctx.emit(awarded);
      }
    },
  };
}
