import type { AppEventType, EventOf } from '../../events/app-events';
// Types only: events/handlers.ts imports this feature's handlers, so a value import back would be a cycle.
import type { EventHandler, HandlerContext } from '../../events/handlers';
import { awardEvents, lockProgressOf, reviewProgress, type LockedProgress } from './review-progress';

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
        const awards = await reviewProgress(ctx.tx, progress);
        for (const awarded of awardEvents(awards)) ctx.emit(awarded);
      }
    },
  };
}
